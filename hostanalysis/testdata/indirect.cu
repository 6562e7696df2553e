// Launches through host function pointers and through cudaLaunchKernel
// with an array of argument pointers. A launcher handed its kernel as an
// argument, as thrust's and cub's are, launches that kernel only: solo,
// of the same type, is launched directly and nowhere else.
#include <cstdlib>

__global__ void up(float *out, int n) { out[threadIdx.x] = n; }
__global__ void down(float *out, int n) { out[blockDim.x - 1 - threadIdx.x] = n; }
__global__ void other(float *out) { out[threadIdx.x] = 0; }

__global__ void solo(float *out, int n) { out[threadIdx.x] = n; }

typedef void (*kernel_t)(float *, int);
static kernel_t table[] = {up, down};

template <typename K>
__attribute__((noinline)) void run(K k, float *out, int n, int blocks) {
  k<<<blocks, 64>>>(out, n);
}

int main(int argc, char **argv) {
  float *d;
  cudaMalloc(&d, 256 * sizeof(float));
  kernel_t chosen = argc > 1 ? up : down;
  chosen<<<1, 256>>>(d, 3);
  table[argc % 2]<<<2, 128>>>(d, 4);
  int n = 5;
  void *args[] = {&d, &n};
  cudaLaunchKernel((const void *)up, dim3(1), dim3(128), args, 0, 0);
  run(up, d, 6, 4);
  solo<<<1, 32>>>(d, 7);
  return 0;
}
