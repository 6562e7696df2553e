// flat_rows_racy: `&tile[0][0]` is the usual way to view a whole
// two-dimensional array as flat memory, so a pointer made that way is
// not kept inside row 0 (where `tile[ty]` would keep its accesses in
// row ty). Thread t writes flat element t + 32, which lies in rows 1 to
// 4, and thread t + 32 reads it with no barrier between: a write-read
// race that only an index past row 0 shows, between warps of one block.
__global__ void shift(float *out) {
  __shared__ float tile[5][32];
  float *flat = &tile[0][0];
  flat[threadIdx.x + 32] = threadIdx.x; // want "intra-block write-read race on shared tile with line 11"
  out[blockIdx.x * blockDim.x + threadIdx.x] = flat[threadIdx.x];
}

int main() {
  float *out;
  cudaMalloc(&out, 8 * 128 * sizeof(float));
  shift<<<8, 128>>>(out);
  cudaDeviceSynchronize();
  return 0;
}
