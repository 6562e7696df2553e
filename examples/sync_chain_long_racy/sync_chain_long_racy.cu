// sync_chain_long_racy: the chains of sync_chain_long_ok with one hop's
// fence too narrow for the two threads it joins.
//
// Each edge of a chain is judged against its own two threads.
//   - chained (<<<8, 32>>>, thread 0 of each block): block 0 writes
//     data[0] and releases flags[0] with __threadfence(), but the relay
//     site of blocks b > 0 (spin on flags[b - 1], then set flags[b]) runs
//     __threadfence_block(), which does not order its block with the
//     next. Block 1 reads data[0] right after block 0's release (ordered);
//     block 2 and later read it through relays: an inter-block write-read
//     race on data[0], only because of the relay's fence.
//   - relays (<<<3, 64>>>): T1 (block 0, thread 0) to T2 (block 0, thread
//     32) at block scope, T2 to T3 (block 1, thread 0) and T3 to T4 (block
//     2, thread 0) with device atomics, T4 to T5 (block 2, thread 32) at
//     block scope; T3's fence is __threadfence_block(), too narrow for its
//     hop to another block. T1's write of data[0] and T5's read of it
//     race, only because of T3's fence.
// The report names the fence that is too narrow.
#include <cstdio>

#define BLOCKS 8
#define THREADS 32

__global__ void chained(const int *in, int *data, int *flags, int *out) {
  int b = blockIdx.x;
  if (threadIdx.x != 0)
    return;
  if (b == 0) {
    data[0] = in[0] * 2; // want `inter-block write-read race on global data with line 35 \(__threadfence_block at .*:36:\d+ does not order threads of different blocks\)`
    __threadfence();
    atomicExch(&flags[0], 1);
  } else {
    while (atomicAdd(&flags[b - 1], 0) == 0)
      ;
    out[b] = data[0];
    __threadfence_block(); // should be __threadfence()
    atomicExch(&flags[b], 1);
  }
}

__global__ void relays(const int *in, int *data, int *f1, int *f2, int *f3, int *f4, int *out) {
  int b = blockIdx.x, t = threadIdx.x;
  if (b == 0 && t == 0) {
    data[0] = in[0] * 2; // want `inter-block write-read race on global data with line 65 \(__threadfence_block at .*:55:\d+ does not order threads of different blocks\)`
    __threadfence_block();
    atomicExch_block(f1, 1);
  } else if (b == 0 && t == 32) {
    while (atomicAdd_block(f1, 0) == 0)
      ;
    __threadfence();
    atomicExch(f2, 1);
  } else if (b == 1 && t == 0) {
    while (atomicAdd(f2, 0) == 0)
      ;
    __threadfence_block(); // should be __threadfence()
    atomicExch(f3, 1);
  } else if (b == 2 && t == 0) {
    while (atomicAdd(f3, 0) == 0)
      ;
    __threadfence_block();
    atomicExch_block(f4, 1);
  } else if (b == 2 && t == 32) {
    while (atomicAdd_block(f4, 0) == 0)
      ;
    out[0] = data[0];
  }
}

int main() {
  int h[32];
  for (int i = 0; i < 32; i++)
    h[i] = i;
  int *in, *data, *flags, *out;
  cudaMalloc(&in, 32 * sizeof(int));
  cudaMalloc(&data, 32 * sizeof(int));
  cudaMalloc(&flags, BLOCKS * sizeof(int));
  cudaMalloc(&out, BLOCKS * sizeof(int));
  cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);

  cudaMemset(flags, 0, BLOCKS * sizeof(int));
  chained<<<BLOCKS, THREADS>>>(in, data, flags, out);
  cudaMemset(flags, 0, 4 * sizeof(int));
  relays<<<3, 2 * THREADS>>>(in, data, flags, flags + 1, flags + 2, flags + 3, out);
  cudaDeviceSynchronize();

  cudaMemcpy(h, out, BLOCKS * sizeof(int), cudaMemcpyDeviceToHost);
  printf("out[7] = %d \n", h[7]);
  cudaFree(in);
  cudaFree(data);
  cudaFree(flags);
  cudaFree(out);
  return 0;
}
