// nested_pointer_loops_ok: im2col, as Caffe's and deformable
// convolution's kernels write it. Each thread owns one pixel and writes
// its KH x KW patch of each of C channels down a column of the output,
// one plane of n values per channel and kernel position: the pointer
// advances by n in the loops over the channels and the kernel's rows and
// columns.
//
// Each loop enters the loop inside it with the value it carries, and
// carries on the value that loop leaves: KW planes further for a row,
// KH*KW for a channel. Thread t writes out[t + p*n] for p < C*KH*KW and
// t < n, so no two threads meet. (Were the pointer taken as unknown
// where an outer loop carries it, any two threads could meet.)
#include <cstdio>

#define HEIGHT 64
#define WIDTH 64
#define KH 3
#define KW 3
#define C 2

__global__ void im2col(const float *in, float *out, int n) {
  int index = blockIdx.x * blockDim.x + threadIdx.x;
  if (index < n) {
    int h = index / WIDTH, w = index % WIDTH;
    float *col = out + index;
    for (int c = 0; c < C; ++c) {
      for (int i = 0; i < KH; ++i) {
        for (int j = 0; j < KW; ++j) {
          int y = h + i - KH / 2, x = w + j - KW / 2;
          *col = (y >= 0 && x >= 0 && y < HEIGHT && x < WIDTH) ? in[(c * HEIGHT + y) * WIDTH + x] : 0.f;
          col += n;
        }
      }
    }
  }
}

int main() {
  int n = HEIGHT * WIDTH;
  float *in, *out;
  cudaMalloc(&in, C * n * sizeof(float));
  cudaMalloc(&out, C * KH * KW * n * sizeof(float));
  im2col<<<(n + 255) / 256, 256>>>(in, out, n);
  cudaDeviceSynchronize();
  cudaFree(in);
  cudaFree(out);
  return 0;
}
