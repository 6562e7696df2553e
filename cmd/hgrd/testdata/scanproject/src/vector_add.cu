// vector_add_ok: the classic vector addition, race-free.
//
// Every thread of the grid computes one index i and touches only a[i], b[i]
// and c[i]; the guard i < n keeps the last block inside the arrays. a and b
// are only read, and c[i] is written by thread i alone.
#include <cstdio>
#include <cstdlib>

__global__ void vector_add(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}

int main() {
  const int n = 1000;
  const size_t bytes = n * sizeof(float);
  float *ha = (float *)malloc(bytes), *hb = (float *)malloc(bytes), *hc = (float *)malloc(bytes);
  for (int i = 0; i < n; i++) {
    ha[i] = i;
    hb[i] = 2 * i;
  }
  float *a, *b, *c;
  cudaMalloc(&a, bytes);
  cudaMalloc(&b, bytes);
  cudaMalloc(&c, bytes);
  cudaMemcpy(a, ha, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(b, hb, bytes, cudaMemcpyHostToDevice);

  const int threads = 256;
  const int blocks = (n + threads - 1) / threads;
  vector_add<<<blocks, threads>>>(a, b, c, n);
  cudaDeviceSynchronize();

  cudaMemcpy(hc, c, bytes, cudaMemcpyDeviceToHost);
  printf("c[999] = %f\n", hc[999]);
  cudaFree(a);
  cudaFree(b);
  cudaFree(c);
  free(ha);
  free(hb);
  free(hc);
  return 0;
}
