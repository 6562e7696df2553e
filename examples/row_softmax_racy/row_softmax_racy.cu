// row_softmax_racy: a softmax of each row whose store loop runs one
// element past its row.
//
// As row_softmax_ok, but the second loop runs while i <= C: the thread
// that stores y[C] of row r writes out[(r + 1) * C], which thread 0 of
// block r + 1 writes too (inter-block write-write). The first loop and
// the reduction, before the stores, do not change where they go.
#include <cmath>

__global__ void softmax_rows(float *out, const float *inp, int N, int C) {
  extern __shared__ float smem[];
  int row = blockIdx.x;
  if (row >= N) {
    return;
  }
  const float *x = inp + row * C;
  float *y = out + row * C;
  int tid = threadIdx.x;
  float maxval = -INFINITY;
  for (int i = tid; i < C; i += blockDim.x) {
    maxval = fmaxf(maxval, x[i]);
  }
  smem[tid] = maxval;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (tid < stride) {
      smem[tid] = fmaxf(smem[tid], smem[tid + stride]);
    }
    __syncthreads();
  }
  float row_max = smem[0];
  for (int i = tid; i <= C; i += blockDim.x) {
    y[i] = expf(x[i] - row_max); // want "inter-block write-write race on global out with line 33"
  }
}

int main() {
  const int N = 4096, C = 50257;
  float *out, *inp;
  cudaMalloc(&out, sizeof(float) * N * C);
  cudaMalloc(&inp, sizeof(float) * N * C);
  for (int block = 32; block <= 1024; block *= 2) {
    softmax_rows<<<N, block, block * sizeof(float)>>>(out, inp, N, C);
  }
  cudaDeviceSynchronize();
  cudaFree(out);
  cudaFree(inp);
  return 0;
}
