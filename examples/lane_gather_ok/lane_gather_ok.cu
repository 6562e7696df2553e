// lane_gather_ok: the fixed hashing kernel: every lane of a warp writes
// its key into the warp's row of a global buffer, the warp synchronises
// with __syncwarp, and only then lane 0 reads the whole row.
__global__ void hash_rows(const unsigned *keys, unsigned *row, unsigned *hash) {
  int lane = threadIdx.x % 32, warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  row[warp * 32 + lane] = keys[blockIdx.x * blockDim.x + threadIdx.x];
  __syncwarp();
  if (lane == 0) {
    unsigned h = 0;
    for (int k = 0; k < 32; k++)
      h = h * 31 + row[warp * 32 + k];
    hash[warp] = h;
  }
}

int main() {
  unsigned *keys, *row, *hash;
  cudaMalloc(&keys, 4096 * sizeof(unsigned));
  cudaMalloc(&row, 4096 * sizeof(unsigned));
  cudaMalloc(&hash, 128 * sizeof(unsigned));
  hash_rows<<<16, 256>>>(keys, row, hash);
  return 0;
}
