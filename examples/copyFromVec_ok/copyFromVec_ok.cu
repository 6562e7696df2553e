// copyFromVec_ok: copying a vector into every row of a matrix (Kaldi's
// CopyRowsFromVec), race-free because the row length is an allocation size
// and therefore positive (HGRD paper, table 4: copyFromVec).
//
// The kernel uses the common unsigned index idiom: i is unsigned, so the test
// i < dim converts dim to unsigned. Thread (i, row) writes mat[row*dim + i].
// Host fact: dim sizes the allocations cudaMalloc(&v, dim * sizeof(float))
// and of mat, so dim > 0; then i < dim, and (row, i) -> row*dim + i is
// one-to-one. The grid has a fixed number of column blocks, it says nothing
// about dim. In copyFromVec_racy dim does not size an allocation (the buffers
// are allocated for MAXDIM columns) and a negative dim passes the unsigned
// test for every i.
#include <cstdio>
#include <cstdlib>

#define THREADS 256
#define COLBLOCKS 4

__global__ void copyRowsFromVec(float *mat, const float *v, int dim) {
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y;
  if (i < dim)
    mat[row * dim + (int)i] = v[i];
}

int main(int argc, char **argv) {
  if (argc < 3)
    return 1;
  int rows = atoi(argv[1]);
  int dim = atoi(argv[2]);
  float *v, *mat;
  cudaMalloc(&v, dim * sizeof(float));
  cudaMalloc(&mat, (size_t)rows * dim * sizeof(float));
  cudaMemset(v, 0, dim * sizeof(float));

  dim3 grid(COLBLOCKS, rows);
  copyRowsFromVec<<<grid, THREADS>>>(mat, v, dim);
  cudaDeviceSynchronize();

  float first;
  cudaMemcpy(&first, mat, sizeof(float), cudaMemcpyDeviceToHost);
  printf("mat[0] = %f\n", first);
  cudaFree(v);
  cudaFree(mat);
  return 0;
}
