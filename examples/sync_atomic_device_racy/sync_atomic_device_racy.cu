// sync_atomic_device_racy: a device-scope atomic and a plain access to the
// same location race, whatever the atomic's scope.
//
// tally is launched <<<2, 64>>> over 128 inputs.
//   - *count: thread 0 of block 0 "resets" it with a plain store (the reset
//     belongs on the host), while every thread does atomicAdd(count, 1).
//     Witnesses: thread 0 of block 0 stores, thread 0 of block 1 adds
//     (inter-block); thread 32 of block 0 adds (intra-block); thread 1 of
//     block 0 adds (intra-warp). Three write-atomic races.
//   - *maxv: every thread does atomicMax(maxv, v), and thread 0 of each
//     block copies *maxv with a plain load. Witnesses: thread 0 of block 1
//     loads while thread 0 of block 0 runs atomicMax (inter-block); thread 0
//     of block 0 loads while thread 32 (intra-block) or thread 1
//     (intra-warp) of block 0 runs atomicMax. Three atomic-read races.
// The atomics among themselves do not race, nor do the plain loads.
#include <cstdio>

#define BLOCKS 2
#define THREADS 64
#define N (BLOCKS * THREADS)

__global__ void tally(const int *in, int *count, int *maxv, int *peek) {
  int i = blockIdx.x * THREADS + threadIdx.x;
  if (blockIdx.x == 0 && threadIdx.x == 0)
    *count = 0; // want "inter-block write-atomic race on global count with line 26" "intra-block write-atomic race on global count with line 26" "intra-warp write-atomic race on global count with line 26"
  atomicAdd(count, 1);
  atomicMax(maxv, in[i]); // want "inter-block atomic-read race on global maxv with line 29" "intra-block atomic-read race on global maxv with line 29" "intra-warp atomic-read race on global maxv with line 29"
  if (threadIdx.x == 0)
    peek[blockIdx.x] = *maxv;
}

int main() {
  int h[N];
  for (int i = 0; i < N; i++)
    h[i] = (i * 7) % 50;
  int *in, *count, *maxv, *peek;
  cudaMalloc(&in, N * sizeof(int));
  cudaMalloc(&count, sizeof(int));
  cudaMalloc(&maxv, sizeof(int));
  cudaMalloc(&peek, BLOCKS * sizeof(int));
  cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);
  cudaMemset(maxv, 0, sizeof(int));

  tally<<<BLOCKS, THREADS>>>(in, count, maxv, peek);
  cudaDeviceSynchronize();

  int c, m, p[BLOCKS];
  cudaMemcpy(&c, count, sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(&m, maxv, sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(p, peek, sizeof(p), cudaMemcpyDeviceToHost);
  printf("count %d (%d expected), max %d, peeks %d %d\n", c, N, m, p[0], p[1]);
  cudaFree(in);
  cudaFree(count);
  cudaFree(maxv);
  cudaFree(peek);
  return 0;
}
