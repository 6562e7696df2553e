// Launches through host function pointers and through cudaLaunchKernel
// with an array of argument pointers.
#include <cstdlib>

__global__ void up(float *out, int n) { out[threadIdx.x] = n; }
__global__ void down(float *out, int n) { out[blockDim.x - 1 - threadIdx.x] = n; }
__global__ void other(float *out) { out[threadIdx.x] = 0; }

typedef void (*kernel_t)(float *, int);
static kernel_t table[] = {up, down};

int main(int argc, char **argv) {
  float *d;
  cudaMalloc(&d, 256 * sizeof(float));
  kernel_t chosen = argc > 1 ? up : down;
  chosen<<<1, 256>>>(d, 3);
  table[argc % 2]<<<2, 128>>>(d, 4);
  int n = 5;
  void *args[] = {&d, &n};
  cudaLaunchKernel((const void *)up, dim3(1), dim3(128), args, 0, 0);
  return 0;
}
