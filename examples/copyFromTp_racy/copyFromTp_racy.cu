// copyFromTp_racy: copyFromTp_ok without the host assert(stride >= n).
//
// Host fact removed: assert(stride >= n). Thread (i, j) (row i, column j,
// i, j < n) writes A[i*stride + j]; with stride < n rows overlap. 16x16
// blocks, linear id = j%16 + 16*(i%16), write-write on the one store:
//   - intra-warp:  stride = 1, n = 40: (i=0,j=1) lin 1 and (i=1,j=0) lin 16;
//   - intra-block: stride = 1: (i=0,j=2) lin 2 (warp 0), (i=2,j=0) lin 32 (warp 1);
//   - inter-block: stride = 1: (i=0,j=16) block (1,0), (i=16,j=0) block (0,1).
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
    A[i * stride + j] = v; // want "inter-block write-write race on global A with line 20" "intra-block write-write race on global A with line 20" "intra-warp write-write race on global A with line 20"
  }
}

int main(int argc, char **argv) {
  if (argc < 3)
    return 1;
  int n = atoi(argv[1]);
  int stride = atoi(argv[2]);
  assert(n > 0);
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
