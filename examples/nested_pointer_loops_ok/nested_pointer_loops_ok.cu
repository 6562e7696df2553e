// nested_pointer_loops_ok: im2col, as Caffe's and deformable
// convolution's kernels write it. Each thread owns one pixel and writes
// its KH x KW patch down a column of the output, one plane of n values
// per kernel position: the pointer advances by n in the loops over the
// kernel's rows and columns.
//
// The pointer enters the inner loop with the value the outer loop
// carries, and the outer loop carries it on as the inner loop leaves it,
// KW planes further. Thread t writes out[t + p*n] for p < KH*KW and
// t < n, so no two threads meet. (Were the pointer taken as unknown
// where the outer loop carries it, any two threads could meet.)
#include <cstdio>

#define HEIGHT 64
#define WIDTH 64
#define KH 3
#define KW 3

__global__ void im2col(const float *in, float *out, int n) {
  int index = blockIdx.x * blockDim.x + threadIdx.x;
  if (index < n) {
    int h = index / WIDTH, w = index % WIDTH;
    float *col = out + index;
    for (int i = 0; i < KH; ++i) {
      for (int j = 0; j < KW; ++j) {
        int y = h + i - KH / 2, x = w + j - KW / 2;
        *col = (y >= 0 && x >= 0 && y < HEIGHT && x < WIDTH) ? in[y * WIDTH + x] : 0.f;
        col += n;
      }
    }
  }
}

int main() {
  int n = HEIGHT * WIDTH;
  float *in, *out;
  cudaMalloc(&in, n * sizeof(float));
  cudaMalloc(&out, KH * KW * n * sizeof(float));
  im2col<<<(n + 255) / 256, 256>>>(in, out, n);
  cudaDeviceSynchronize();
  cudaFree(in);
  cudaFree(out);
  return 0;
}
