// bool_param_ok: a kernel with a bool parameter among its scalars, each
// block accumulating into its own row of n floats.
//
// Host facts: n == 1000 and gridDim.x == 500, so block b's row is
// elements [1000 b, 1000 b + 1000) and rows never meet. The host stub
// stores a bool parameter widened to a byte (zext i1 to i8); hgrd once
// failed to follow that store and lost every argument of the launch, so
// n was free and rows overlapped (a false inter-block race). Three
// launch forms pass the bool: <<<>>> in a loop, a host helper with a bool
// parameter, and cudaLaunchKernel with an array of argument pointers.
// probe's write runs only when its bool is set, and its one launch
// passes false: no thread writes.
#include <cstdio>

__global__ void accumulate(float *rows, const float *in, bool first, int n) {
  float *row = rows + n * blockIdx.x;
  for (int j = threadIdx.x; j < n; j += blockDim.x)
    row[j] = first ? in[j] : row[j] + in[j];
}

// A debug probe that every thread writes, run only when the host asks
// for it.
__global__ void probe(int *last, bool enabled) {
  if (enabled)
    *last = blockIdx.x * blockDim.x + threadIdx.x;
}

static void step(float *rows, const float *in, bool first, int n, int blocks) {
  accumulate<<<blocks, 256>>>(rows, in, first, n);
}

int main(int argc, char **argv) {
  const int n = 1000, blocks = 500;
  float *rows, *in;
  cudaMalloc(&rows, sizeof(float) * n * blocks);
  cudaMalloc(&in, sizeof(float) * n);
  cudaMemset(in, 0, sizeof(float) * n);
  for (int it = 0; it < 4; it++)
    accumulate<<<blocks, 256>>>(rows, in, it == 0, n);
  step(rows, in, argc > 1, n, blocks);
  bool again = false;
  int cols = n;
  void *args[] = {&rows, &in, &again, &cols};
  cudaLaunchKernel((const void *)accumulate, dim3(blocks), dim3(256), args, 0, 0);
  int *last;
  cudaMalloc(&last, sizeof(int));
  probe<<<blocks, 256>>>(last, false);
  cudaDeviceSynchronize();
  cudaFree(rows);
  cudaFree(in);
  return 0;
}
