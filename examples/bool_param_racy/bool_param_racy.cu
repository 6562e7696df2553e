// bool_param_racy: bool_param_ok with a loop bound off by one: j <= n
// touches element n of a block's row, which is element 0 of the next
// block's row. With the launch's arguments bound (n == 1000, the bool
// beside it), the race is between block b's last thread (j = 1000) and
// block b + 1's thread 0 (j = 0). probe is launched with its bool
// from the command line (argc > 2): when set, every thread writes *last
// (any two threads: of two blocks, of two warps, of one warp).
#include <cstdio>

__global__ void accumulate(float *rows, const float *in, bool first, int n) {
  float *row = rows + n * blockIdx.x;
  for (int j = threadIdx.x; j <= n; j += blockDim.x)
    row[j] = first ? in[j] : row[j] + in[j]; // want "inter-block write-write race on global rows with line 13" "inter-block write-read race on global rows with line 13"
}

// A debug probe that every thread writes, run only when the host asks
// for it.
__global__ void probe(int *last, bool enabled) {
  if (enabled)
    *last = blockIdx.x * blockDim.x + threadIdx.x; // want "inter-block write-write race on global last with line 20" "intra-block write-write race on global last with line 20" "intra-warp write-write race on global last with line 20"
}

static void step(float *rows, const float *in, bool first, int n, int blocks) {
  accumulate<<<blocks, 256>>>(rows, in, first, n);
}

int main(int argc, char **argv) {
  const int n = 1000, blocks = 500;
  float *rows, *in;
  cudaMalloc(&rows, sizeof(float) * (n * blocks + 1));
  cudaMalloc(&in, sizeof(float) * (n + 1));
  cudaMemset(in, 0, sizeof(float) * (n + 1));
  for (int it = 0; it < 4; it++)
    accumulate<<<blocks, 256>>>(rows, in, it == 0, n);
  step(rows, in, argc > 1, n, blocks);
  bool again = false;
  int cols = n;
  void *args[] = {&rows, &in, &again, &cols};
  cudaLaunchKernel((const void *)accumulate, dim3(blocks), dim3(256), args, 0, 0);
  int *last;
  cudaMalloc(&last, sizeof(int));
  probe<<<blocks, 256>>>(last, argc > 2);
  cudaDeviceSynchronize();
  cudaFree(rows);
  cudaFree(in);
  return 0;
}
