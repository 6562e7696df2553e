// sync_flag_device_racy: producer/consumer hand-offs that do not order the
// data they hand off.
//
// Both kernels are launched <<<2, 32>>>: block 0 produces, block 1
// consumes. Thread t of block 0 writes its element, runs __threadfence()
// and sets its flag with atomicExch; thread t of block 1 spins on its flag
// with atomicAdd(&flag, 0) and then reads.
//   - wrong_flag: consumer t waits for flags[t] but reads
//     data[(t + 1) % 32], which producer t + 1 announces through
//     flags[t + 1]. Thread 1 of block 0 writes data[1] while thread 0 of
//     block 1, having seen flags[0], reads it: an inter-block write-read
//     race.
//   - no_fence: the flags match and the consumer fences after its spin,
//     but the producer sets its flag with no __threadfence() before it,
//     so the flag publishes nothing (the note names the atomicExch): an
//     inter-block write-read race of thread 0 of blocks 0 and 1 on data[0].
// Producers are all in block 0 (one warp) and write distinct elements,
// consumers are in block 1 and only read: no intra-block or intra-warp
// race. The flags are
// only touched by atomics.
#include <cstdio>

#define BLOCKS 2
#define THREADS 32

__global__ void wrong_flag(const int *in, int *data, int *flags, int *out) {
  int t = threadIdx.x;
  if (blockIdx.x == 0) {
    data[t] = in[t] * 2; // want "inter-block write-read race on global data with line 36"
    __threadfence();
    atomicExch(&flags[t], 1);
  } else {
    while (atomicAdd(&flags[t], 0) == 0)
      ;
    __threadfence();
    out[t] = data[(t + 1) % THREADS]; // data[t + 1] is announced by flags[t + 1]
  }
}

__global__ void no_fence(const int *in, int *data, int *flags, int *out) {
  int t = threadIdx.x;
  if (blockIdx.x == 0) {
    data[t] = in[t] * 2; // want `inter-block write-read race on global data with line 50 \(atomicExch at .*:45:\d+ is not preceded by a fence, so it does not publish the writes before it\)`
    // missing __threadfence()
    atomicExch(&flags[t], 1);
  } else {
    while (atomicAdd(&flags[t], 0) == 0)
      ;
    __threadfence();
    out[t] = data[t];
  }
}

int main() {
  int h[THREADS];
  for (int i = 0; i < THREADS; i++)
    h[i] = i;
  int *in, *data, *flags, *out;
  cudaMalloc(&in, THREADS * sizeof(int));
  cudaMalloc(&data, THREADS * sizeof(int));
  cudaMalloc(&flags, THREADS * sizeof(int));
  cudaMalloc(&out, THREADS * sizeof(int));
  cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);

  cudaMemset(flags, 0, THREADS * sizeof(int));
  wrong_flag<<<BLOCKS, THREADS>>>(in, data, flags, out);
  cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
  printf("wrong_flag: out[0] = %d (2 expected)\n", h[0]);

  cudaMemset(data, 0, THREADS * sizeof(int));
  cudaMemset(flags, 0, THREADS * sizeof(int));
  no_fence<<<BLOCKS, THREADS>>>(in, data, flags, out);
  cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
  printf("no_fence: out[1] = %d (2 expected)\n", h[1]);
  cudaFree(in);
  cudaFree(data);
  cudaFree(flags);
  cudaFree(out);
  return 0;
}
