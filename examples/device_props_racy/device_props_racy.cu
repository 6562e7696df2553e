// device_props_racy: device_props_ok with slices of half a warp: a block
// of props.warpSize (32) threads writes out[blockIdx.x * 16 +
// threadIdx.x], so thread 16 of block 0 and thread 0 of block 1 write
// out[16]. The warp size is known, not left free: the race is found for
// the one value every device has.
#include <cstdio>

__global__ void fill(float *out, float v) {
  out[blockIdx.x * 16 + threadIdx.x] = v * threadIdx.x; // want "inter-block write-write race on global out with line 9"
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
  int warp = props.warpSize;
  int blocks = 64;
  float *out;
  cudaMalloc(&out, (blocks * 16 + 16) * sizeof(float));
  timed(10, run_fill, out, blocks, warp);
  cudaDeviceSynchronize();
  cudaFree(out);
  return 0;
}
