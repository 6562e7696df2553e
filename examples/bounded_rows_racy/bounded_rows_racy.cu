// bounded_rows_racy: bounded_rows_ok with rows of n / 2 cells for a
// grid n cells wide: the cell in column c >= n / 2 of a row is the cell
// in column c - n / 2 of the next, which a block n / 64 blocks to its
// left updates, or, where n is 32, another warp of the same block.
#include <cstdio>
#include <cstdlib>

#define BX 32
#define BY 8

__global__ void relax(int n, float *u, const float *f) {
  int i = (blockIdx.y * BY + threadIdx.y) * (n / 2) + blockIdx.x * BX + threadIdx.x;
  u[i] = 0.5f * (u[i] + f[i]); // want "inter-block write-write race on global u with line 13" "intra-block write-write race on global u with line 13" "inter-block (write-read|read-write) race on global u with line 13" "intra-block (write-read|read-write) race on global u with line 13"
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
