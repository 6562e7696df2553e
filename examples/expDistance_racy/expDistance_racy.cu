// expDistance_racy: expDistance_ok launched with one block per THREADS
// points, as if the kernel combined the blocks' results (host fact broken:
// blocks = (n + THREADS - 1) / THREADS instead of 1).
//
// With n = 512 there are two blocks, and thread 0 of block 0 and thread 0 of
// block 1 both write *d: an inter-block write-write race. Within a block only
// thread 0 writes *d, and the shared reduction is ordered by its barriers, so
// there is no intra-block or intra-warp race.
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
    *d = cache[0]; // want "inter-block write-write race on global d with line 30"
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

  int blocks = (n + THREADS - 1) / THREADS; // wrong: results of blocks not combined
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
