// copyUppToLow_racy: copyUppToLow_ok with the host assert(rows == cols)
// deleted, so rows and cols are unrelated user inputs (HGRD paper, figure 1).
//
// Host fact removed: assert(rows == cols). Thread (i, j) with i < j < rows
// writes A[j*cols+i] and reads A[i*cols+j]; with cols != rows these elements
// collide across threads. Launched with 16x16 blocks, warp = 2 rows of x.
//   - write-write, with cols = 1 and rows = 40:
//       intra-warp:  (i=1,j=2) lin 33 and (i=0,j=3) lin 48, both warp 1, A[3];
//       intra-block: (i=2,j=3) lin 50 (warp 1) and (i=0,j=5) lin 80 (warp 2);
//       inter-block: (i=16,j=17) in block (1,1) and (i=0,j=33) in block (0,2).
//   - read-write: cols = 1: (i=1,j=2) writes A[3] and (i=0,j=3) reads A[3];
//     the same three pairs of threads witness the three kinds.
#include <cstdio>
#include <cstdlib>

__global__ void copyUppToLow(float *A, int rows, int cols) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (j > i && j < rows)
    A[j * cols + i] = A[i * cols + j]; // want "inter-block write-write race on global A with line 20" "intra-block write-write race on global A with line 20" "intra-warp write-write race on global A with line 20" "inter-block (read-write|write-read) race on global A with line 20" "intra-block (read-write|write-read) race on global A with line 20" "intra-warp (read-write|write-read) race on global A with line 20"
}

int main(int argc, char **argv) {
  if (argc < 3)
    return 1;
  int rows = atoi(argv[1]);
  int cols = atoi(argv[2]);
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
