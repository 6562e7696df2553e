// nested_pointer_loops_racy: nested_pointer_loops_ok with planes of a
// row's width instead of the image's n values.
//
// Thread t writes out[t + p*WIDTH] for p < C*KH*KW: thread t + WIDTH
// writes thread t's second plane as its first. The two are 64 threads
// apart, in different warps of a block of 256 (threads 0 and 64) and,
// across a block's edge, in different blocks (threads 192 and 256); never
// in one warp, whose threads are fewer than 64 apart.
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
          *col = (y >= 0 && x >= 0 && y < HEIGHT && x < WIDTH) ? in[(c * HEIGHT + y) * WIDTH + x] : 0.f; // want "inter-block write-write race on global out with line 26" "intra-block write-write race on global out with line 26"
          col += WIDTH;
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
