// nested_index_loops_ok: nested_pointer_loops_ok with an index in place
// of the pointer: each thread writes out[col], col advanced by n in the
// loops over the kernel's rows and columns.
//
// At the top of the outer loop's iteration i, col is index + i*KW*n: the
// inner loop, entered with col, leaves it KW planes further. Thread t
// writes out[t + p*n] for p < KH*KW and t < n, so no two threads meet.
#include <cstdio>

#define HEIGHT 64
#define WIDTH 64
#define KH 3
#define KW 3

__global__ void im2col(const float *in, float *out, int n) {
  int index = blockIdx.x * blockDim.x + threadIdx.x;
  if (index < n) {
    int h = index / WIDTH, w = index % WIDTH;
    int col = index;
    for (int i = 0; i < KH; ++i) {
      for (int j = 0; j < KW; ++j) {
        int y = h + i - KH / 2, x = w + j - KW / 2;
        out[col] = (y >= 0 && x >= 0 && y < HEIGHT && x < WIDTH) ? in[y * WIDTH + x] : 0.f;
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
