// bounded_rows_ok: a sweep over an n x n grid of cells, n read from argv
// and checked, indexed as CUDA code usually writes it:
// (blockIdx.y * BY + threadIdx.y) * n + blockIdx.x * BX + threadIdx.x.
// blockIdx and threadIdx are unsigned, so the index is unsigned
// arithmetic, which C lets wrap: two threads' equal indices are equal
// rows and columns only where nothing wraps. The host's check n <= 8192
// keeps the index below 2^26, which the analysis proves before reading
// the index as a row and a column.
#include <cstdio>
#include <cstdlib>

#define BX 32
#define BY 8

__global__ void relax(int n, float *u, const float *f) {
  int i = (blockIdx.y * BY + threadIdx.y) * n + blockIdx.x * BX + threadIdx.x;
  u[i] = 0.5f * (u[i] + f[i]);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 64;
  if (n <= 0 || n > 8192 || n % 32 != 0) {
    fprintf(stderr, "the side must be a multiple of 32 up to 8192\n");
    return 1;
  }
  float *u, *f;
  cudaMalloc(&u, (size_t)n * n * sizeof(float));
  cudaMalloc(&f, (size_t)n * n * sizeof(float));
  relax<<<dim3(n / BX, n / BY), dim3(BX, BY)>>>(n, u, f);
  cudaDeviceSynchronize();
  cudaFree(u);
  cudaFree(f);
  return 0;
}
