// multi_launch: one kernel launched twice, once safely and once racily; each
// launch site is its own context and the kernel races if any launch lets it.
//
// fill() writes out[threadIdx.x]: in one block every thread has its own slot.
// The first launch, <<<1, 256>>>, is race-free. The second, <<<4, 256>>>
// (line 26), runs four blocks whose threads t all write out[t]: thread 0 of
// block 0 and thread 0 of block 1 -- an inter-block write-write race, whose
// witness names the launch at line 26. No intra-block or intra-warp race.
#include <cstdio>
#include <cstdlib>

#define THREADS 256

__global__ void fill(float *out, float value) {
  out[threadIdx.x] = value; // want "inter-block write-write race on global out with line 15"
}

int main() {
  float *out;
  cudaMalloc(&out, THREADS * sizeof(float));
  fill<<<1, THREADS>>>(out, 1.0f);
  cudaDeviceSynchronize();
  float first;
  cudaMemcpy(&first, out, sizeof(float), cudaMemcpyDeviceToHost);
  printf("out[0] = %f\n", first);
  fill<<<4, THREADS>>>(out, 2.0f);
  cudaDeviceSynchronize();
  cudaMemcpy(&first, out, sizeof(float), cudaMemcpyDeviceToHost);
  printf("out[0] = %f\n", first);
  cudaFree(out);
  return 0;
}
