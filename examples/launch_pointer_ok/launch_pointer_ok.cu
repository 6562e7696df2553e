// launch_pointer_ok: launches through host function pointers and through
// cudaLaunchKernel with an array of argument pointers, found with their
// shapes and arguments.
//
// smooth and sharpen write out[threadIdx.x] whatever their block, so they
// need one-block launches: the pointer that selects one of them is
// launched with one block. spread writes out[threadIdx.x * stride]: the
// argument array passes stride = 1, never 0.
#include <cstdlib>

__global__ void smooth(const float *in, float *out) {
  out[threadIdx.x] = 0.5f * (in[blockIdx.x * blockDim.x + threadIdx.x] + in[threadIdx.x + 1]);
}

__global__ void sharpen(const float *in, float *out) {
  out[threadIdx.x] = 2.0f * in[blockIdx.x * blockDim.x + threadIdx.x] - in[threadIdx.x + 1];
}

__global__ void spread(const float *in, float *out, int stride) {
  out[threadIdx.x * stride] = in[threadIdx.x];
}

typedef void (*filter_t)(const float *, float *);

int main(int argc, char **argv) {
  float *in, *out;
  cudaMalloc(&in, 257 * sizeof(float));
  cudaMalloc(&out, 256 * sizeof(float));
  filter_t filter = argc > 1 ? smooth : sharpen;
  filter<<<1, 256>>>(in, out);

  int stride = 1;
  void *args[] = {&in, &out, &stride};
  cudaLaunchKernel((const void *)spread, dim3(1), dim3(256), args, 0, 0);
  return 0;
}
