// nested_index_loops_racy: nested_index_loops_ok with planes of a row's
// width instead of the image's n values, as nested_pointer_loops_racy.
//
// Thread t writes out[t + p*WIDTH]: thread t + WIDTH writes thread t's
// second plane as its first, 64 threads apart, in different warps or
// different blocks, never in one warp.
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
        out[col] = (y >= 0 && x >= 0 && y < HEIGHT && x < WIDTH) ? in[y * WIDTH + x] : 0.f; // want "inter-block write-write race on global out with line 22" "intra-block write-write race on global out with line 22"
        col += WIDTH;
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
