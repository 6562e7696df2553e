// copyLowToUpp_racy: copyLowToUpp_ok with the host assert(rows == cols)
// deleted; rows and cols are unrelated user inputs.
//
// Host fact removed: assert(rows == cols). Thread (i, j), j < i < rows,
// writes A[j*cols+i] and reads A[i*cols+j]. With cols = 1 (rows = 40) the
// write address is i+j and the read address i+j as well, so threads on one
// anti-diagonal collide (16x16 blocks, linear id i%16 + 16*(j%16)):
//   - write-write and read-write, intra-warp: (i=2,j=1) lin 18 and (i=3,j=0)
//     lin 3, both warp 0, address 3;
//   - intra-block: (i=3,j=2) lin 35 (warp 1) and (i=5,j=0) lin 5 (warp 0).
// The thread that writes A[3] and the one that reads A[3] are the same pairs.
// Between blocks, cols = 1 does not do: the grid is (cols+15)/16 = 1 block
// wide, so i < 16 and j < i stay in block (0,0). With cols = 17 (grid 2
// wide) and rows = 20, A[19] is written by (i=2,j=1) in block (0,0) and by
// (i=19,j=0) in block (1,0).
#include <cassert>
#include <cstdio>
#include <cstdlib>

__global__ void copyLowToUpp(float *A, int rows, int cols) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i <= j || i >= rows)
    return;
  A[j * cols + i] = A[i * cols + j]; // want "inter-block write-write race on global A with line 25" "intra-block write-write race on global A with line 25" "intra-warp write-write race on global A with line 25" "inter-block (read-write|write-read) race on global A with line 25" "intra-block (read-write|write-read) race on global A with line 25" "intra-warp (read-write|write-read) race on global A with line 25"
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
  copyLowToUpp<<<grid, block>>>(A, rows, cols);
  cudaDeviceSynchronize();

  cudaMemcpy(h, A, bytes, cudaMemcpyDeviceToHost);
  printf("A[0][1] = %f\n", h[1]);
  cudaFree(A);
  free(h);
  return 0;
}
