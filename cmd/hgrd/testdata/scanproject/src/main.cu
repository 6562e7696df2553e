// The host code of the project: launches scale, defined in stencil.cu.
#include <cassert>
#include <cstdlib>
#include "config.h"

__global__ void scale(float *a, int n);

int main(int argc, char **argv) {
  if (argc < 2)
    return 1;
  int n = atoi(argv[1]);
  assert(n > 0 && n <= SPAN);
  float *a;
  cudaMalloc(&a, SPAN * sizeof(float));
  scale<<<(n + 63) / 64, 64>>>(a, n);
  cudaDeviceSynchronize();
  cudaFree(a);
  return 0;
}
