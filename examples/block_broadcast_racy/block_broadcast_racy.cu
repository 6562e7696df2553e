// block_broadcast_racy: a value each warp's first lane works out, read
// by the warp from shared memory after a barrier.
//
// Lane 0 of each warp writes which of its lanes holds the warp's last
// element to last[warp]; after __syncthreads each thread loads its warp's
// slot, and the lane it names writes the block's summary slot. Lanes of
// one warp read one value (one slot, between the same two barriers), so
// no two lanes of a warp write; but every warp of the block has its own
// owner, and the warps' owners write out[blockIdx.x] with nothing ordering
// them (n = 1000, <<<8, 128>>>: four warps a block): an intra-block race.
#define N 1000
#define THREADS 128
#define WARPS (THREADS / 32)

__global__ void tail_summary(const float *in, float *out, int n) {
  __shared__ int last[WARPS];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (lane == 0) {
    int remaining = n - (blockIdx.x * blockDim.x + warp * 32);
    last[warp] = min(remaining, 32) - 1;
  }
  __syncthreads();
  int owner = last[warp];
  if (lane == owner)
    out[blockIdx.x] = in[i] + threadIdx.x; // want "intra-block write-write race on global out with line 26"
}

int main() {
  int blocks = (N + THREADS - 1) / THREADS;
  float *in, *out;
  cudaMalloc(&in, N * sizeof(float));
  cudaMalloc(&out, blocks * sizeof(float));
  tail_summary<<<blocks, THREADS>>>(in, out, N);
  cudaDeviceSynchronize();
  return 0;
}
