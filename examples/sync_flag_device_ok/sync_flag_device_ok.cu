// sync_flag_device_ok: producer/consumer hand-offs between blocks through
// device-scope flags and fences.
//
// Both kernels are launched <<<2, 32>>>: block 0 produces, block 1
// consumes (the two blocks are co-resident, so the consumer's spin ends).
//   - handoff: thread t of block 0 writes data[t], runs __threadfence()
//     and sets flags[t] with atomicExch; thread t of block 1 spins on
//     atomicAdd(&flags[t], 0), runs __threadfence() and reads data[t]. The
//     only pairs on data are thread t of block 0 with thread t of block 1
//     (inter-block), and both use the flag flags[t].
//   - gather: thread t of block 0 writes data[t], runs __threadfence() and
//     counts itself with atomicAdd(ready, 1); thread t of block 1 spins
//     until atomicOr(ready, 0) reaches 32, runs __threadfence() and reads
//     data[31 - t], which thread 31 - t of block 0 wrote: one flag, *ready,
//     for every pair.
// The fences and flag atomics are device scope, which covers the two
// blocks. Block 0's threads write distinct elements and block 1's threads
// only read; the flags are only touched by atomics. Race-free.
#include <cstdio>

#define BLOCKS 2
#define THREADS 32

__global__ void handoff(const int *in, int *data, int *flags, int *out) {
  int t = threadIdx.x;
  if (blockIdx.x == 0) {
    data[t] = in[t] * 2;
    __threadfence();
    atomicExch(&flags[t], 1);
  } else {
    while (atomicAdd(&flags[t], 0) == 0)
      ;
    __threadfence();
    out[t] = data[t] + 1;
  }
}

__global__ void gather(const int *in, int *data, int *ready, int *out) {
  int t = threadIdx.x;
  if (blockIdx.x == 0) {
    data[t] = in[t] + 1;
    __threadfence();
    atomicAdd(ready, 1);
  } else {
    while (atomicOr(ready, 0) < THREADS)
      ;
    __threadfence();
    out[t] = data[THREADS - 1 - t];
  }
}

int main() {
  int h[THREADS];
  for (int i = 0; i < THREADS; i++)
    h[i] = i;
  int *in, *data, *flags, *ready, *out;
  cudaMalloc(&in, THREADS * sizeof(int));
  cudaMalloc(&data, THREADS * sizeof(int));
  cudaMalloc(&flags, THREADS * sizeof(int));
  cudaMalloc(&ready, sizeof(int));
  cudaMalloc(&out, THREADS * sizeof(int));
  cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);
  cudaMemset(flags, 0, THREADS * sizeof(int));
  cudaMemset(ready, 0, sizeof(int));

  handoff<<<BLOCKS, THREADS>>>(in, data, flags, out);
  cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
  printf("handoff: out[5] = %d (11 expected)\n", h[5]);
  gather<<<BLOCKS, THREADS>>>(in, data, ready, out);
  cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
  printf("gather: out[0] = %d (32 expected)\n", h[0]);
  cudaFree(in);
  cudaFree(data);
  cudaFree(flags);
  cudaFree(ready);
  cudaFree(out);
  return 0;
}
