// grid_stride_ok: a grid-stride loop, race-free.
//
// Thread g of the grid (g = blockIdx.x * blockDim.x + threadIdx.x) visits
// g, g + G, g + 2G, ... where G = blockDim.x * gridDim.x is the number of
// threads in the grid. Since g < G, two different threads never visit the
// same index, in any iterations: a[i] is read and written by one thread
// only. Launched <<<4, 128>>> over 5000 elements, so most threads loop.
#include <cstdio>
#include <cstdlib>

__global__ void scale(float *a, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    a[i] = 2.0f * a[i];
}

int main() {
  const int n = 5000;
  float *h = (float *)malloc(n * sizeof(float));
  for (int i = 0; i < n; i++)
    h[i] = i;
  float *a;
  cudaMalloc(&a, n * sizeof(float));
  cudaMemcpy(a, h, n * sizeof(float), cudaMemcpyHostToDevice);

  scale<<<4, 128>>>(a, n);
  cudaDeviceSynchronize();

  cudaMemcpy(h, a, n * sizeof(float), cudaMemcpyDeviceToHost);
  printf("a[4999] = %f\n", h[4999]);
  cudaFree(a);
  free(h);
  return 0;
}
