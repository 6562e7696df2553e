// half_atomic_racy: an atomicAdd on a __half2 and a plain read of the same
// element race, as they do for int.
//
// accumulate is launched <<<8, 128>>> with n = 1024: thread i adds x[i] to
// sum[i % 4] atomically; thread 0 then reads sum[0] with a plain load while
// other threads may still be adding to it: thread 128 of block 1
// (inter-block), thread 64 of block 0 (intra-block) and thread 4 of block 0
// (intra-warp).
#include <cuda_fp16.h>

#define N 1024
#define THREADS 128

__global__ void accumulate(const __half2 *x, __half2 *sum, __half2 *first, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&sum[i % 4], x[i]); // want "inter-block atomic-read race on global sum with line 19" "intra-block atomic-read race on global sum with line 19" "intra-warp atomic-read race on global sum with line 19"
  if (i == 0)
    *first = sum[0];
}

int main() {
  __half2 *x, *sum, *first;
  cudaMalloc(&x, N * sizeof(__half2));
  cudaMalloc(&sum, 4 * sizeof(__half2));
  cudaMalloc(&first, sizeof(__half2));
  cudaMemset(x, 0, N * sizeof(__half2));
  cudaMemset(sum, 0, 4 * sizeof(__half2));
  accumulate<<<N / THREADS, THREADS>>>(x, sum, first, N);
  cudaDeviceSynchronize();
  cudaFree(x);
  cudaFree(sum);
  cudaFree(first);
  return 0;
}
