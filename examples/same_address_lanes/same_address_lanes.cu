// same_address_lanes: two threads store to one address in one instruction.
//
// pair_shared (<<<2, 32>>>): s[t / 2] is stored by threads 2k and 2k + 1,
// lanes of the one warp of the block: intra-warp write-write. The reads
// after __syncthreads() are ordered.
//
// pair_global (<<<2, 64>>>): out[blockIdx.x * 32 + t / 2]. Threads 2k and
// 2k + 1 are always in the same warp, and blocks write disjoint ranges, so
// the store races with itself intra-warp only.
//
// pair_shifted (<<<1, 64>>>): s[(t + 1) / 2] pairs 2k - 1 with 2k: threads
// 1 and 2 share warp 0 (intra-warp) while threads 31 and 32 straddle warps
// 0 and 1 (intra-block).
#include <cstdio>

__global__ void pair_shared(int *out) {
  __shared__ int s[16];
  unsigned int t = threadIdx.x;
  s[t / 2] = t; // want "intra-warp write-write race on shared s with line 19"
  __syncthreads();
  if (t < 16)
    out[blockIdx.x * 16 + t] = s[t];
}

__global__ void pair_global(int *out) {
  unsigned int t = threadIdx.x;
  out[blockIdx.x * 32 + t / 2] = t; // want "intra-warp write-write race on global out with line 27"
}

__global__ void pair_shifted(int *out) {
  __shared__ int s[33];
  unsigned int t = threadIdx.x;
  s[(t + 1) / 2] = t; // want "intra-block write-write race on shared s with line 33" "intra-warp write-write race on shared s with line 33"
  __syncthreads();
  if (t < 33)
    out[t] = s[t];
}

int main() {
  int *a, *b, *c;
  cudaMalloc(&a, 32 * sizeof(int));
  cudaMalloc(&b, 64 * sizeof(int));
  cudaMalloc(&c, 33 * sizeof(int));

  pair_shared<<<2, 32>>>(a);
  pair_global<<<2, 64>>>(b);
  pair_shifted<<<1, 64>>>(c);
  cudaDeviceSynchronize();

  int h[32];
  cudaMemcpy(h, a, sizeof(h), cudaMemcpyDeviceToHost);
  printf("s[0] came from thread %d\n", h[0]);
  cudaFree(a);
  cudaFree(b);
  cudaFree(c);
  return 0;
}
