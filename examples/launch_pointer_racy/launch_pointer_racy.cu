// launch_pointer_racy: launches through a table of kernels and through
// cudaLaunchKernel whose shapes or arguments make the kernels race.
//
// smooth and sharpen write out[threadIdx.x] whatever their block; the
// table's entry is launched with two blocks, and either kernel may be the
// one. spread is launched through cudaLaunchKernel with stride = 0, so
// every thread writes out[0].
#include <cstdlib>

__global__ void smooth(const float *in, float *out) {
  out[threadIdx.x] = 0.5f * (in[blockIdx.x * blockDim.x + threadIdx.x] + in[threadIdx.x + 1]); // want "inter-block write-write race on global out with line 11"
}

__global__ void sharpen(const float *in, float *out) {
  out[threadIdx.x] = 2.0f * in[blockIdx.x * blockDim.x + threadIdx.x] - in[threadIdx.x + 1]; // want "inter-block write-write race on global out with line 15"
}

__global__ void spread(const float *in, float *out, int stride) {
  out[threadIdx.x * stride] = in[threadIdx.x]; // want "intra-block write-write race on global out with line 19" "intra-warp write-write race on global out with line 19"
}

typedef void (*filter_t)(const float *, float *);
static filter_t filters[] = {smooth, sharpen};

int main(int argc, char **argv) {
  float *in, *out;
  cudaMalloc(&in, 257 * sizeof(float));
  cudaMalloc(&out, 256 * sizeof(float));
  filters[argc % 2]<<<2, 128>>>(in, out);

  int stride = 0;
  void *args[] = {&in, &out, &stride};
  cudaLaunchKernel((const void *)spread, dim3(1), dim3(256), args, 0, 0);
  return 0;
}
