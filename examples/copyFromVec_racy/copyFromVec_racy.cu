// copyFromVec_racy: copyFromVec_ok with the buffers allocated for MAXDIM
// columns, so dim is an unchecked user input that sizes no allocation.
//
// With dim = -1, (unsigned)dim is 0xffffffff and every i passes i < dim;
// thread (i, row) writes mat[i - row]. Thread i = 0 of row 0 (block (0,0))
// and thread i = 1 of row 1 (block (0,1)) both write mat[0]: an inter-block
// write-write race. Within a block row is fixed and i unique, so there is no
// intra-block or intra-warp race.
#include <cstdio>
#include <cstdlib>

#define THREADS 256
#define COLBLOCKS 4
#define MAXDIM 4096

__global__ void copyRowsFromVec(float *mat, const float *v, int dim) {
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y;
  if (i < dim)
    mat[row * dim + (int)i] = v[i]; // want "inter-block write-write race on global mat with line 20"
}

int main(int argc, char **argv) {
  if (argc < 3)
    return 1;
  int rows = atoi(argv[1]);
  int dim = atoi(argv[2]);
  float *v, *mat;
  cudaMalloc(&v, MAXDIM * sizeof(float));
  cudaMalloc(&mat, (size_t)rows * MAXDIM * sizeof(float));
  cudaMemset(v, 0, MAXDIM * sizeof(float));

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
