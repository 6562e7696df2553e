// copyUppToLow_ok: an assert in the host code makes the kernel race-free
// (HGRD paper, figure 1; Kaldi's CopyUppToLow).
//
// Host fact: assert(rows == cols). Thread (i, j) with j > i and j < rows
// copies A[i][j] (upper triangle) into A[j][i] (lower triangle). For a square
// matrix, 0 <= i < j < rows = cols, so every written element j*cols+i is in
// the strict lower triangle and every read element i*cols+j in the strict
// upper one, and (i, j) <-> j*cols+i is one-to-one: no two threads write the
// same element and no element is both read and written.
// Without the assert, rows and cols are unrelated user inputs and the kernel
// races (see copyUppToLow_racy). Launched with 16x16 blocks over the matrix.
#include <cassert>
#include <cstdio>
#include <cstdlib>

__global__ void copyUppToLow(float *A, int rows, int cols) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (j > i && j < rows)
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
  copyUppToLow<<<grid, block>>>(A, rows, cols);
  cudaDeviceSynchronize();

  cudaMemcpy(h, A, bytes, cudaMemcpyDeviceToHost);
  printf("A[1][0] = %f\n", h[cols]);
  cudaFree(A);
  free(h);
  return 0;
}
