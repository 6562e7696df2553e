// sync_flag_consumer_racy: consumers without a fence whose spins do not
// prove that their producer wrote first.
//
// A flag orders a producer's write before a consumer's read only if the
// consumer's spin exits on a value that only that producer's write can
// produce: not the flag's initial value (0, cleared by the host), and not
// a value another thread writes too.
//   - wait_for_zero, <<<2, 32>>>: thread t of block 0 writes data[t], runs
//     __threadfence() and sets flags[t] to 1; thread t of block 1 spins
//     while atomicAdd(&flags[t], 0) != 0, which the initial 0 ends at
//     once, and reads data[t]. Thread 0 of block 0 with thread 0 of block
//     1: an inter-block write-read race on data.
//   - shared_flag, <<<2, 64>>>: lane l of warp 0 writes data[b * 32 + l],
//     runs __threadfence_block() and sets flags[b * 16 + l / 2] to 1 with
//     atomicExch_block: lanes 2m and 2m + 1 set the same flag. Lane l of
//     warp 1 spins on flags[b * 16 + l / 2] and reads data[b * 32 + l];
//     it may have seen the flag set by its neighbour. Lane 0 of warp 0 with
//     lane 0 of warp 1 (threads 0 and 32): an intra-block write-read race.
// Producers write distinct elements, consumers only read; the flags are
// only touched by atomics.
#include <cstdio>

#define BLOCKS 2
#define THREADS 64
#define N (BLOCKS * THREADS)

__global__ void wait_for_zero(const int *in, int *data, int *flags, int *out) {
  int t = threadIdx.x;
  if (blockIdx.x == 0) {
    data[t] = in[t] * 2; // want "inter-block write-read race on global data with line 36"
    __threadfence();
    atomicExch(&flags[t], 1);
  } else {
    while (atomicAdd(&flags[t], 0) != 0) // should wait while it is 0
      ;
    out[t] = data[t] + 1;
  }
}

__global__ void shared_flag(const int *in, int *data, int *flags, int *out) {
  int l = threadIdx.x % 32;
  int k = blockIdx.x * 32 + l;
  int f = blockIdx.x * 16 + l / 2;
  if (threadIdx.x < 32) {
    data[k] = in[k] * 3; // want "intra-block write-read race on global data with line 51"
    __threadfence_block();
    atomicExch_block(&flags[f], 1);
  } else {
    while (atomicAdd_block(&flags[f], 0) == 0)
      ;
    out[k] = data[k] - 1;
  }
}

int main() {
  int h[N];
  for (int i = 0; i < N; i++)
    h[i] = i;
  int *in, *data, *flags, *out;
  cudaMalloc(&in, N * sizeof(int));
  cudaMalloc(&data, N * sizeof(int));
  cudaMalloc(&flags, N * sizeof(int));
  cudaMalloc(&out, N * sizeof(int));
  cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);

  cudaMemset(flags, 0, N * sizeof(int));
  wait_for_zero<<<BLOCKS, 32>>>(in, data, flags, out);
  cudaMemset(flags, 0, N * sizeof(int));
  shared_flag<<<BLOCKS, THREADS>>>(in, data, flags, out);
  cudaDeviceSynchronize();

  cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
  printf("out[1] = %d\n", h[1]);
  cudaFree(in);
  cudaFree(data);
  cudaFree(flags);
  cudaFree(out);
  return 0;
}
