// copyLowToUpp_ok: an assert in the host code makes the kernel race-free
// (HGRD paper, section 4: copyLowToUpp from Kaldi, the mirror of figure 1).
//
// Host fact: assert(rows == cols). Thread (i, j) with j < i < rows copies
// A[i][j] (strict lower triangle) into A[j][i] (strict upper triangle). For a
// square matrix i, j < cols, so the written elements j*cols+i (j < i) and the
// read elements i*cols+j are disjoint, and no two threads write one element.
// Without the assert the kernel races (copyLowToUpp_racy). 16x16 blocks.
#include <cassert>
#include <cstdio>
#include <cstdlib>

__global__ void copyLowToUpp(float *A, int rows, int cols) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i <= j || i >= rows)
    return;
  A[j * cols + i] = A[i * cols + j];
}

int main(int argc, char **argv) {
  if (argc < 3)
    return 1;
  int rows = atoi(argv[1]);
  int cols = atoi(argv[2]);
  assert(rows == cols); // square matrices only
  size_t bytes = (size_t)rows * cols * sizeof(float);
  float *h = (float *)malloc(bytes);
  for (int k = 0; k < rows * cols; k++)
    h[k] = (float)k;
  float *A;
  cudaMalloc(&A, bytes);
  cudaMemcpy(A, h, bytes, cudaMemcpyHostToDevice);

  dim3 block(16, 16);
  dim3 grid((cols + 15) / 16, (rows + 15) / 16);
  copyLowToUpp<<<grid, block>>>(A, rows, cols);
  cudaDeviceSynchronize();

  cudaMemcpy(h, A, bytes, cudaMemcpyDeviceToHost);
  printf("A[0][1] = %f\n", h[1]);
  cudaFree(A);
  free(h);
  return 0;
}
