// sync_flag_block_racy: block-scope flags and fences used for a hand-off
// between blocks -- the scope is too narrow.
//
// Both kernels are launched <<<2, 32>>>: thread t of block 0 produces
// data[t] and sets flags[t], thread t of block 1 spins on flags[t] and
// reads data[t].
//   - block_scope: the protocol of sync_flag_block_ok, all block scope
//     (__threadfence_block, atomicExch_block, atomicAdd_block), used across
//     blocks. Thread 0 of block 0 and thread 0 of block 1:
//       * data[0]: write and read, an inter-block write-read race that
//         exists only because block scope does not order different blocks;
//       * flags[0]: atomicExch_block and atomicAdd_block from two blocks,
//         an inter-block atomic-atomic race, for the same reason.
//   - fence_block: device-scope flag atomics, but the producer's fence is
//     __threadfence_block(): data[0] written by thread 0 of block 0 and
//     read by thread 0 of block 1 race (inter-block write-read), only
//     because of that fence. The flag atomics do not race.
// Producers are in block 0 and write distinct elements, consumers are in
// block 1 and only read: no intra-block or intra-warp race.
#include <cstdio>

#define BLOCKS 2
#define THREADS 32

__global__ void block_scope(const int *in, int *data, int *flags, int *out) {
  int t = threadIdx.x;
  if (blockIdx.x == 0) {
    data[t] = in[t] * 2; // want `inter-block write-read race on global data with line 35 \((__threadfence_block|atomicExch_block|atomicAdd_block) at .* does not order threads of different blocks\)`
    __threadfence_block();
    atomicExch_block(&flags[t], 1); // want `inter-block atomic-atomic race on global flags with line 32 \((atomicExch_block|atomicAdd_block) at .* does not order threads of different blocks\)`
  } else {
    while (atomicAdd_block(&flags[t], 0) == 0)
      ;
    __threadfence_block();
    out[t] = data[t];
  }
}

__global__ void fence_block(const int *in, int *data, int *flags, int *out) {
  int t = threadIdx.x;
  if (blockIdx.x == 0) {
    data[t] = in[t] * 2; // want `inter-block write-read race on global data with line 49 \(__threadfence_block at .*:43:\d+ does not order threads of different blocks\)`
    __threadfence_block(); // should be __threadfence()
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
  block_scope<<<BLOCKS, THREADS>>>(in, data, flags, out);
  cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
  printf("block_scope: out[3] = %d (6 expected)\n", h[3]);

  cudaMemset(data, 0, THREADS * sizeof(int));
  cudaMemset(flags, 0, THREADS * sizeof(int));
  fence_block<<<BLOCKS, THREADS>>>(in, data, flags, out);
  cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
  printf("fence_block: out[3] = %d (6 expected)\n", h[3]);
  cudaFree(in);
  cudaFree(data);
  cudaFree(flags);
  cudaFree(out);
  return 0;
}
