// device_props_ok: launch shapes taken from cudaGetDeviceProperties.
//
// warpSize is 32 and maxThreadsPerBlock 1024 on every device CUDA
// supports. A block of props.warpSize threads writing
// out[blockIdx.x * 32 + threadIdx.x] stays in its block's slice; were the
// warp size unknown, a block wider than 32 would be possible and fill
// would race between blocks (hgrd reported that race before it knew the
// property). The warp size reaches the launch through a local variable
// passed by reference to a timing helper, a template that only reads its
// arguments, as HeCBench's benchmark loops do. fill_wide's block is
// props.maxThreadsPerBlock (--explain shows 1024).
#include <cstdio>

__global__ void fill(float *out, float v) {
  out[blockIdx.x * 32 + threadIdx.x] = v * threadIdx.x;
}

__global__ void fill_wide(float *wide, float v) {
  wide[blockIdx.x * 1024 + threadIdx.x] = v * threadIdx.x;
}

template <typename... Args>
void timed(int repeat, void (*run)(Args...), const Args &...args) {
  for (int i = 0; i < repeat; i++)
    run(args...);
}

void run_fill(float *out, int blocks, int warp) {
  fill<<<blocks, warp>>>(out, 2.0f);
}

int main() {
  cudaDeviceProp props;
  cudaGetDeviceProperties(&props, 0);
  printf("device %s\n", props.name);
  int warp = props.warpSize;
  int blocks = 64;
  float *out, *wide;
  cudaMalloc(&out, blocks * 32 * sizeof(float));
  cudaMalloc(&wide, blocks * 1024 * sizeof(float));
  timed(10, run_fill, out, blocks, warp);
  fill_wide<<<blocks, props.maxThreadsPerBlock>>>(wide, 3.0f);
  cudaDeviceSynchronize();
  cudaFree(out);
  cudaFree(wide);
  return 0;
}
