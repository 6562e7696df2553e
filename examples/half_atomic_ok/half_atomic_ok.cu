// half_atomic_ok: atomicAdd on __half and __half2 is one atomic
// read-modify-write, as atomicAdd on int is, so threads adding into the
// same element do not race.
//
// accumulate is launched <<<8, 128>>> with n = 1024: thread i adds x[i] to
// sum[i % 4] (a __half2, two lanes at once) and to total[0] (a __half).
// Many threads of every block add to each element; all of them atomically.
#include <cuda_fp16.h>

#define N 1024
#define THREADS 128

__global__ void accumulate(const __half2 *x, __half2 *sum, __half *total, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    atomicAdd(&sum[i % 4], x[i]);
    atomicAdd(total, __low2half(x[i]));
  }
}

int main() {
  __half2 *x, *sum;
  __half *total;
  cudaMalloc(&x, N * sizeof(__half2));
  cudaMalloc(&sum, 4 * sizeof(__half2));
  cudaMalloc(&total, sizeof(__half));
  cudaMemset(x, 0, N * sizeof(__half2));
  cudaMemset(sum, 0, 4 * sizeof(__half2));
  cudaMemset(total, 0, sizeof(__half));
  accumulate<<<N / THREADS, THREADS>>>(x, sum, total, N);
  cudaDeviceSynchronize();
  cudaFree(x);
  cudaFree(sum);
  cudaFree(total);
  return 0;
}
