// expDistance_ok: a one-block kernel with a block-stride loop and a shared
// memory reduction, race-free because the host launches it with one block
// (HGRD paper, table 4: expDistance from HeCBench).
//
// distance() sums exp(-|a_i - b_k|^2) over all pairs of points: the threads
// of the block split the rows i by a block-stride loop, reduce their sums in
// shared memory, and thread 0 writes the result to *d.
// Host fact: the launch is <<<blocks, THREADS>>> with blocks = 1 (a host
// variable that folds to the constant 1), so thread 0 is the only writer of
// *d. With more blocks (expDistance_racy) thread 0 of every block writes *d.
#include <cstdio>
#include <cstdlib>

#define THREADS 256

__global__ void distance(const float *a, const float *b, float *d, int n) {
  __shared__ float cache[THREADS];
  float sum = 0.0f;
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    for (int k = 0; k < n; k++) {
      float diff = a[i] - b[k];
      sum += expf(-diff * diff);
    }
  cache[threadIdx.x] = sum;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s)
      cache[threadIdx.x] += cache[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    *d = cache[0];
}

int main(int argc, char **argv) {
  if (argc < 2)
    return 1;
  int n = atoi(argv[1]);
  float *h = (float *)malloc(n * sizeof(float));
  for (int k = 0; k < n; k++)
    h[k] = (float)k / n;
  float *a, *b, *d;
  cudaMalloc(&a, n * sizeof(float));
  cudaMalloc(&b, n * sizeof(float));
  cudaMalloc(&d, sizeof(float));
  cudaMemcpy(a, h, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(b, h, n * sizeof(float), cudaMemcpyHostToDevice);

  int blocks = 1; // one block: the kernel reduces within the block only
  distance<<<blocks, THREADS>>>(a, b, d, n);
  cudaDeviceSynchronize();

  float r;
  cudaMemcpy(&r, d, sizeof(float), cudaMemcpyDeviceToHost);
  printf("distance = %f\n", r);
  cudaFree(a);
  cudaFree(b);
  cudaFree(d);
  free(h);
  return 0;
}
