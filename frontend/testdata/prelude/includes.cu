// The usual CUDA headers resolve to hgrd's prelude, and the CUDA samples'
// helpers work: device printf and assert, checkCudaErrors, findCudaDevice,
// timers, command-line flags. Standard C++ headers mix in freely.
#include <cuda.h>
#include <cuda_runtime.h>
#include <cuda_runtime_api.h>
#include <device_launch_parameters.h>
#include <device_functions.h>
#include <vector_types.h>
#include <helper_cuda.h>
#include <helper_functions.h>
#include <stdio.h>
#include <stdlib.h>
#include <assert.h>
#include <math.h>
#include <cmath>
#include <algorithm>
#include <iostream>
#include <memory>
#include <vector>

#define BLOCK 128

__constant__ float scale[4];

__noinline__ __device__ float weight(int i) { return scale[i % 4]; }

template <typename T, int N>
__global__ void __launch_bounds__(BLOCK) saxpy(T a, const T *__restrict__ x,
                                                T *__restrict__ y, int n) {
  __shared__ __align__(16) T tile[BLOCK];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  assert(blockDim.x == BLOCK);
  tile[threadIdx.x] = i < n ? x[i] : T(0);
  __syncthreads();
  if (i < n)
    y[i] = a * tile[threadIdx.x] * weight(i) + y[i] + sqrtf((float)N) +
           std::sqrt(1.0f) + std::min(1.0f, 2.0f);
  if (i == 0)
    printf("saxpy: n=%d, a=%f\n", n, (double)a);
}

int main(int argc, char **argv) {
  int dev = findCudaDevice(argc, (const char **)argv);
  if (!checkCudaCapabilities(7, 0))
    exit(EXIT_WAIVED);
  int n = getCmdLineArgumentInt(argc, (const char **)argv, "n");
  if (n <= 0 || checkCmdLineFlag(argc, (const char **)argv, "quick"))
    n = 1 << 16;
  cudaDeviceProp prop;
  checkCudaErrors(cudaGetDeviceProperties(&prop, dev));
  std::cout << "device " << prop.name << ", "
            << _ConvertSMVer2Cores(prop.major, prop.minor) << " cores/SM ("
            << _ConvertSMVer2ArchName(prop.major, prop.minor) << ")\n";

  std::vector<float> hx(n, 1.0f), hy(n, 2.0f);
  std::unique_ptr<float[]> check_buf(new float[n]);
  float *dx, *dy;
  checkCudaErrors(cudaMalloc(&dx, n * sizeof(float)));
  checkCudaErrors(cudaMalloc(&dy, n * sizeof(float)));
  checkCudaErrors(
      cudaMemcpy(dx, hx.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  checkCudaErrors(
      cudaMemcpy(dy, hy.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  float hs[4] = {1, 2, 3, 4};
  checkCudaErrors(cudaMemcpyToSymbol(scale, hs, sizeof(hs)));

  StopWatchInterface *timer = NULL;
  sdkCreateTimer(&timer);
  sdkStartTimer(&timer);
  saxpy<float, 3><<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(2.0f, dx, dy, n);
  getLastCudaError("saxpy failed");
  checkCudaErrors(cudaDeviceSynchronize());
  sdkStopTimer(&timer);
  printf("%.3f ms\n", sdkGetTimerValue(&timer));
  sdkDeleteTimer(&timer);

  checkCudaErrors(cudaMemcpy(check_buf.get(), dy, n * sizeof(float),
                             cudaMemcpyDeviceToHost));
  CUdevice cu_dev;
  checkCudaErrors(cuDeviceGet(&cu_dev, 0));
  checkCudaErrors(cudaFree(dx));
  checkCudaErrors(cudaFree(dy));
  return *std::max_element(check_buf.get(), check_buf.get() + n) > 0 ? 0 : 1;
}
