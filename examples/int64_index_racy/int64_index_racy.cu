// int64_index_racy: int64_index_ok with the rows of pack 64 elements
// apart while each block still writes 128: block b's elements 64..127 of
// row r are the next block's elements 0..63 of row r + 1. And offsets
// writes out[i / 2]: threads 2j and 2j + 1, neighbours in one warp, write
// one element.
#include <cstdint>
#include <cstdlib>

__global__ void scale(int64_t n, float *out, const float *in) {
  for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < n; i += (int64_t)blockDim.x * gridDim.x)
    out[i] = in[i] * 2.0f;
}

__global__ void pack(int64_t rows, float *out, const float *in) {
  for (int64_t row = blockIdx.x; row < rows; row += gridDim.x) {
    float *o = out + row * 64;
    o[2 * threadIdx.x] = in[row];      // want "inter-block write-write race on global out with line 17"
    o[2 * threadIdx.x + 1] = -in[row]; // want "inter-block write-write race on global out with line 18"
  }
}

__global__ void offsets(size_t n, size_t *out) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < n)
    out[i / 2] = i * sizeof(float); // want "intra-warp write-write race on global out with line 25"
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
