// A kernel, a device function, a forced-inline helper and a host launch.
#include <assert.h>

__device__ int twice(int v) { return 2 * v; }

__forceinline__ __device__ void put(int *a, int i, int v) {
  a[i] = v; // @inlined-store
}

__global__ void scale(int *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = twice(a[i]); // @store
  put(a, i + n, 1);
  atomicAdd(&a[0], 1); // @atomic
}

namespace ns {
template <typename T> __global__ void fill(T *p, T v) { p[threadIdx.x] = v; }
} // namespace ns

extern "C" __global__ void plain(float *p) { p[0] = 1.0f; }

int main() {
  int n = 1024;
  int *a;
  cudaMalloc(&a, 2 * n * sizeof(int));
  assert(n % 256 == 0);
  dim3 grid(n / 256);
  scale<<<grid, 256>>>(a, n); // @launch
  ns::fill<<<1, 32>>>(a, 7);
  float *f;
  cudaMalloc(&f, sizeof(float));
  plain<<<1, 1>>>(f);
  cudaDeviceSynchronize();
  return 0;
}
