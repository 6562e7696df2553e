// copyFromTp_ok: host asserts relate the dimensions of the two matrices
// (HGRD paper, table 4: copyFromTp from Kaldi).
//
// CopyFromTp unpacks a lower-triangular matrix B, stored packed row by row
// (row i starts at i*(i+1)/2), into a full n x n matrix A whose rows are
// `stride` elements apart; the upper triangle is zeroed. Thread (i, j) writes
// only A[i*stride + j] with j < n.
// Host fact: assert(stride >= n) -- the destination rows are at least as long
// as the matrix. Then (i, j) -> i*stride + j is one-to-one for j < n, so no
// two threads write one element. Without it (copyFromTp_racy) rows overlap.
#include <cassert>
#include <cstdio>
#include <cstdlib>

__global__ void copyFromTp(float *A, const float *B, int n, int stride) {
  int i = blockIdx.y * blockDim.y + threadIdx.y; // row
  int j = blockIdx.x * blockDim.x + threadIdx.x; // column
  if (i < n && j < n) {
    float v = 0.0f;
    if (j <= i)
      v = B[i * (i + 1) / 2 + j];
    A[i * stride + j] = v;
  }
}

int main(int argc, char **argv) {
  if (argc < 3)
    return 1;
  int n = atoi(argv[1]);
  int stride = atoi(argv[2]);
  assert(n > 0);
  assert(stride >= n); // destination rows hold a whole row of the matrix
  float *A, *B;
  cudaMalloc(&A, (size_t)n * stride * sizeof(float));
  cudaMalloc(&B, (size_t)n * (n + 1) / 2 * sizeof(float));
  cudaMemset(B, 0, (size_t)n * (n + 1) / 2 * sizeof(float));

  dim3 block(16, 16);
  dim3 grid((n + 15) / 16, (n + 15) / 16);
  copyFromTp<<<grid, block>>>(A, B, n, stride);
  cudaDeviceSynchronize();

  float a00;
  cudaMemcpy(&a00, A, sizeof(float), cudaMemcpyDeviceToHost);
  printf("A[0][0] = %f\n", a00);
  cudaFree(A);
  cudaFree(B);
  return 0;
}
