// row_softmax_ok: a softmax of each row, one block a row, race-free.
//
// Each block scans its row of C elements for the maximum (a block-stride
// loop), reduces the threads' maxima in shared memory with a barrier at
// every step, then writes its row in a second block-stride loop. Blocks
// write their own rows (row * C + i with i < C), and a block's threads
// their own columns (i = threadIdx.x + k * blockDim.x). The first loop's
// exit, over its own iteration count, is on the path to every store but
// says nothing of where they go.
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
  for (int i = tid; i < C; i += blockDim.x) {
    y[i] = expf(x[i] - row_max);
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
