// copyLowToUpp_racy: copyLowToUpp_ok with the host assert(rows == cols)
// deleted; rows and cols are unrelated user inputs.
//
// Host fact removed: assert(rows == cols). Thread (i, j), j < i < rows,
// writes A[j*cols+i] and reads A[i*cols+j]. With cols = 1 (rows = 40) the
// write address is i+j and the read address i+j as well, so threads on one
// anti-diagonal collide (16x16 blocks, linear id i%16 + 16*(j%16)):
//   - write-write and read-write, intra-warp: (i=2,j=1) lin 18 and (i=3,j=0)
//     lin 3, both warp 0, address 3;
//   - intra-block: (i=3,j=2) lin 35 (warp 1) and (i=5,j=0) lin 5 (warp 0);
//   - inter-block: (i=17,j=16) block (1,1) and (i=33,j=0) block (2,0).
// The thread that writes A[3] and the one that reads A[3] are the same pairs.
#include <cassert>
#include <cstdio>
#include <cstdlib>

__global__ void copyLowToUpp(float *A, int rows, int cols) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i <= j || i >= rows)
    return;
  A[j * cols + i] = A[i * cols + j]; // want "inter-block write-write race on global A with line 22" "intra-block write-write race on global A with line 22" "intra-warp write-write race on global A with line 22" "inter-block (read-write|write-read) race on global A with line 22" "intra-block (read-write|write-read) race on global A with line 22" "intra-warp (read-write|write-read) race on global A with line 22"
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
