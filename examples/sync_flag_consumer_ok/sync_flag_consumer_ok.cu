// sync_flag_consumer_ok: flag hand-offs whose consumer does not fence
// after its spin, and one that does.
//
// The producer writes its data, fences, and sets the flag with an atomic;
// the consumer spins with an atomic read until it sees the value only
// that producer writes (the flags start at 0, cleared by the host; no
// other thread writes them), then reads. The producer's fence suffices:
// no fence is required after the consumer's spin (the convention of the
// scoped-race benchmarks and detectors, and of the CUDA programming
// guide's __threadfence example).
//   - device_nofence, <<<2, 32>>>: thread t of block 0 writes data[t],
//     runs __threadfence() and sets flags[t] with atomicExch; thread t of
//     block 1 spins on atomicAdd(&flags[t], 0) and reads data[t] right
//     after. Device scope covers the two blocks.
//   - block_nofence, <<<2, 64>>>: lane l of warp 0 writes
//     data[b * 32 + l], runs __threadfence_block() and sets
//     flags[b * 32 + l] with atomicExch_block; lane l of warp 1 of the
//     same block spins on atomicAdd_block and reads. Block scope covers
//     two threads of one block; blocks use disjoint elements.
//   - device_fence, <<<2, 32>>>: device_nofence with a __threadfence()
//     after the consumer's spin, which changes nothing.
// The flags are only touched by atomics. Race-free.
#include <cstdio>

#define BLOCKS 2
#define THREADS 64
#define N (BLOCKS * THREADS)

__global__ void device_nofence(const int *in, int *data, int *flags, int *out) {
  int t = threadIdx.x;
  if (blockIdx.x == 0) {
    data[t] = in[t] * 2;
    __threadfence();
    atomicExch(&flags[t], 1);
  } else {
    while (atomicAdd(&flags[t], 0) == 0)
      ;
    out[t] = data[t] + 1;
  }
}

__global__ void block_nofence(const int *in, int *data, int *flags, int *out) {
  int k = blockIdx.x * 32 + threadIdx.x % 32;
  if (threadIdx.x < 32) {
    data[k] = in[k] * 3;
    __threadfence_block();
    atomicExch_block(&flags[k], 1);
  } else {
    while (atomicAdd_block(&flags[k], 0) == 0)
      ;
    out[k] = data[k] - 1;
  }
}

__global__ void device_fence(const int *in, int *data, int *flags, int *out) {
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
  device_nofence<<<BLOCKS, 32>>>(in, data, flags, out);
  cudaMemset(flags, 0, N * sizeof(int));
  block_nofence<<<BLOCKS, THREADS>>>(in, data, flags, out);
  cudaMemset(flags, 0, N * sizeof(int));
  device_fence<<<BLOCKS, 32>>>(in, data, flags, out);
  cudaDeviceSynchronize();

  cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
  printf("out[1] = %d (3 expected)\n", h[1]);
  cudaFree(in);
  cudaFree(data);
  cudaFree(flags);
  cudaFree(out);
  return 0;
}
