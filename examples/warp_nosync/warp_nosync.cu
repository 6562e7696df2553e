// warp_nosync: warp-synchronous code without __syncwarp().
//
// Since Volta the lanes of a warp are scheduled independently, so code that
// relied on lockstep execution races. Both kernels are launched <<<2, 64>>>.
//
// reverse_in_warp: lane l reads s[t ^ 31], the element lane 31 - l of the
// same warp stores. Lanes 0 and 31 race (intra-warp write-read); t ^ 31
// stays in t's warp, so there is no intra-block race.
//
// block_sum: after a correct __syncthreads(), warp 0 finishes the sum
// through a volatile pointer, the pre-Volta idiom. Only threads 0..31 take
// part, so all its races are intra-warp:
//   - lane 0 reads s[16] in the loop while lane 16 may still be storing its
//     s[16] in the first step (the store of the first step with the read of
//     the loop);
//   - lane 0 reads s[8] in step 8 while lane 8 stores s[8] in step 16 (the
//     loop's load with the loop's store).
#include <cstdio>

#define THREADS 64
#define BLOCKS 2

__global__ void reverse_in_warp(int *data) {
  __shared__ int s[THREADS];
  unsigned int t = threadIdx.x;
  unsigned int i = blockIdx.x * THREADS + t;
  s[t] = data[i]; // want "intra-warp write-read race on shared s with line 28"
  data[i] = s[t ^ 31];
}

__global__ void block_sum(const int *in, int *out) {
  __shared__ int s[THREADS];
  unsigned int tid = threadIdx.x;
  s[tid] = in[blockIdx.x * THREADS + tid];
  __syncthreads();
  if (tid < 32) {
    volatile int *vs = s;
    vs[tid] += vs[tid + 32]; // want "intra-warp write-read race on shared s with line 40"
    for (int d = 16; d > 0; d >>= 1)
      vs[tid] += vs[tid + d]; // want "intra-warp (read-write|write-read) race on shared s with line 40"
  }
  if (tid == 0)
    out[blockIdx.x] = s[0];
}

int main() {
  const int n = BLOCKS * THREADS;
  int h[n];
  for (int i = 0; i < n; i++)
    h[i] = 1;
  int *data, *sums;
  cudaMalloc(&data, n * sizeof(int));
  cudaMalloc(&sums, BLOCKS * sizeof(int));
  cudaMemcpy(data, h, sizeof(h), cudaMemcpyHostToDevice);

  block_sum<<<BLOCKS, THREADS>>>(data, sums);
  reverse_in_warp<<<BLOCKS, THREADS>>>(data);
  cudaDeviceSynchronize();

  cudaMemcpy(h, sums, BLOCKS * sizeof(int), cudaMemcpyDeviceToHost);
  printf("sums: %d %d (64 expected)\n", h[0], h[1]);
  cudaFree(data);
  cudaFree(sums);
  return 0;
}
