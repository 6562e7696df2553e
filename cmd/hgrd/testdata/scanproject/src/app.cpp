// A C++ host program (compiled by the host compiler, not nvcc) that calls
// the launch wrapper of shift.cu.
#include <cstdlib>
#include <cuda_runtime.h>
#include "config.h"

void launch_shift(float *a, int n);

int main(int argc, char **argv) {
  if (argc < 2)
    return 1;
  int n = atoi(argv[1]);
  if (n < 1 || n > SPAN)
    return 1;
  float *a;
  cudaMalloc(&a, SPAN * sizeof(float));
  launch_shift(a, n);
  cudaDeviceSynchronize();
  cudaFree(a);
  return 0;
}
