// sync_chain_long_ok: writes ordered before reads of other blocks through
// chains of flag edges longer than one relay.
//
// Orders compose through any number of threads, each edge judged against
// its own two threads' scope.
//   - chained (<<<8, 32>>>, thread 0 of each block): block 0 writes
//     data[0], runs __threadfence() and sets flags[0]; block b > 0 spins
//     on atomicAdd(&flags[b - 1], 0), reads data[0], runs __threadfence()
//     and sets flags[b]. Block 7's read is ordered after block 0's write
//     through the relays of blocks 1 to 6, all one site of the code.
//   - relays (<<<3, 64>>>, threads 0 and 32 of each block): T1 (block 0,
//     thread 0) writes data[0] and hands off to T2 (block 0, thread 32)
//     at block scope through f1; T2 passes on to T3 (block 1, thread 0)
//     with __threadfence() and device atomics on f2; T3 to T4 (block 2,
//     thread 0) likewise on f3; T4 to T5 (block 2, thread 32) at block
//     scope on f4; T5 reads data[0]. Three relays, each a site of its own.
// The flags start at 0 (cleared by the host), each spin waits for the 1
// that its predecessor writes, and the flags are only touched by
// atomics: f1 and f4 by one block each, with block-scope atomics.
// Race-free.
#include <cstdio>

#define BLOCKS 8
#define THREADS 32

__global__ void chained(const int *in, int *data, int *flags, int *out) {
  int b = blockIdx.x;
  if (threadIdx.x != 0)
    return;
  if (b == 0) {
    data[0] = in[0] * 2;
    __threadfence();
    atomicExch(&flags[0], 1);
  } else {
    while (atomicAdd(&flags[b - 1], 0) == 0)
      ;
    out[b] = data[0];
    __threadfence();
    atomicExch(&flags[b], 1);
  }
}

__global__ void relays(const int *in, int *data, int *f1, int *f2, int *f3, int *f4, int *out) {
  int b = blockIdx.x, t = threadIdx.x;
  if (b == 0 && t == 0) {
    data[0] = in[0] * 2;
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
    __threadfence();
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
  printf("out[7] = %d (0 expected)\n", h[7]);
  cudaFree(in);
  cudaFree(data);
  cudaFree(flags);
  cudaFree(out);
  return 0;
}
