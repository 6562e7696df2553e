// int64_index_ok: loops whose index is 64 bits wide (int64_t, size_t),
// as code for arrays of more than 2^31 elements writes them. scale is a
// grid-stride loop: thread i takes elements i, i + T, i + 2T, ... where T
// is every thread of the grid. pack gives each block rows of 128
// elements, block b taking rows b, b + gridDim.x, ...; within a row,
// thread t writes elements 2t and 2t + 1. No two threads meet.
//
// What makes this decidable: C++ says a signed 64-bit index never wraps
// (clang marks the arithmetic nsw and the array index inbounds), so a row
// 2^57 rows away is not the same row; and a grid-stride index
// blockIdx.x + k*gridDim.x names one block and one round.
#include <cstdint>
#include <cstdlib>

__global__ void scale(int64_t n, float *out, const float *in) {
  for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < n; i += (int64_t)blockDim.x * gridDim.x)
    out[i] = in[i] * 2.0f;
}

__global__ void pack(int64_t rows, float *out, const float *in) {
  for (int64_t row = blockIdx.x; row < rows; row += gridDim.x) {
    float *o = out + row * 128;
    o[2 * threadIdx.x] = in[row];
    o[2 * threadIdx.x + 1] = -in[row];
  }
}

__global__ void offsets(size_t n, size_t *out) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = i * sizeof(float);
}

int main(int argc, char **argv) {
  int64_t n = atoll(argv[1]);
  int sms = atoi(argv[2]);
  float *a, *b;
  cudaMalloc(&a, n * sizeof(float));
  cudaMalloc(&b, n * sizeof(float));
  scale<<<16 * sms, 256>>>(n, a, b);
  int64_t rows = n / 128;
  pack<<<16 * sms, 64>>>(rows, a, b);
  size_t *offs;
  cudaMalloc(&offs, n * sizeof(size_t));
  offsets<<<(n + 255) / 256, 256>>>(n, offs);
  cudaDeviceSynchronize();
  return 0;
}
