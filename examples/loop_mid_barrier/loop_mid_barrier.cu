// loop_mid_barrier: a loop whose only barrier sits in the middle.
//
// In every iteration each thread publishes x in s[t], waits at the barrier
// and reads the mirror element s[63 - t]. The barrier orders the stores of
// an iteration before its reads, but nothing orders the reads of iteration
// k before the stores of iteration k + 1: thread 0 may still be reading
// s[63] of iteration k when thread 63, past the barrier, stores s[63] for
// iteration k + 1. Launched <<<2, 64>>> with 4 iterations, t and 63 - t are
// always in different warps (0..31 against 32..63): intra-block only.
//
// smooth_ok adds a second barrier at the end of the body, so a barrier lies
// on every path around the loop: race-free.
#include <cstdio>

#define THREADS 64
#define BLOCKS 2

__global__ void smooth_racy(float *data, int iters) {
  __shared__ float s[THREADS];
  unsigned int t = threadIdx.x;
  unsigned int i = blockIdx.x * THREADS + t;
  float x = data[i];
  for (int k = 0; k < iters; k++) {
    s[t] = x; // want "intra-block write-read race on shared s with line 26"
    __syncthreads();
    x = 0.5f * (x + s[THREADS - 1 - t]);
  }
  data[i] = x;
}

__global__ void smooth_ok(float *data, int iters) {
  __shared__ float s[THREADS];
  unsigned int t = threadIdx.x;
  unsigned int i = blockIdx.x * THREADS + t;
  float x = data[i];
  for (int k = 0; k < iters; k++) {
    s[t] = x;
    __syncthreads();
    x = 0.5f * (x + s[THREADS - 1 - t]);
    __syncthreads();
  }
  data[i] = x;
}

int main() {
  const int n = BLOCKS * THREADS;
  float h[n];
  for (int i = 0; i < n; i++)
    h[i] = i;
  float *a, *b;
  cudaMalloc(&a, n * sizeof(float));
  cudaMalloc(&b, n * sizeof(float));
  cudaMemcpy(a, h, sizeof(h), cudaMemcpyHostToDevice);
  cudaMemcpy(b, h, sizeof(h), cudaMemcpyHostToDevice);

  smooth_racy<<<BLOCKS, THREADS>>>(a, 4);
  smooth_ok<<<BLOCKS, THREADS>>>(b, 4);
  cudaDeviceSynchronize();

  cudaMemcpy(h, b, sizeof(h), cudaMemcpyDeviceToHost);
  printf("%f\n", h[0]);
  cudaFree(a);
  cudaFree(b);
  return 0;
}
