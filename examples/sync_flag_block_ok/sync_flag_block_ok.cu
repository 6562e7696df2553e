// sync_flag_block_ok: a producer/consumer hand-off between two warps of one
// block, with block-scope flags and fences and no __syncthreads().
//
// warp_handoff is launched <<<2, 64>>>. In block b, lane l of warp 0
// writes buf[k] (k = b * 32 + l), runs __threadfence_block() and sets
// flags[k] with atomicExch_block; lane l of warp 1 spins on
// atomicAdd_block(&flags[k], 0), runs __threadfence_block() and reads
// buf[k]. The only pairs on buf are lane l of warp 0 with lane l of warp 1
// of the same block (intra-block): the flag addresses are equal and block
// scope covers two threads of one block. Blocks use disjoint elements of
// buf and flags, so nothing pairs across blocks; the flags are only
// touched by atomics. Race-free.
#include <cstdio>

#define BLOCKS 2
#define THREADS 64
#define N (BLOCKS * 32)

__global__ void warp_handoff(const int *in, int *buf, int *flags, int *out) {
  int k = blockIdx.x * 32 + threadIdx.x % 32;
  if (threadIdx.x < 32) {
    buf[k] = in[k] * 3;
    __threadfence_block();
    atomicExch_block(&flags[k], 1);
  } else {
    while (atomicAdd_block(&flags[k], 0) == 0)
      ;
    __threadfence_block();
    out[k] = buf[k] - 1;
  }
}

int main() {
  int h[N];
  for (int i = 0; i < N; i++)
    h[i] = i;
  int *in, *buf, *flags, *out;
  cudaMalloc(&in, N * sizeof(int));
  cudaMalloc(&buf, N * sizeof(int));
  cudaMalloc(&flags, N * sizeof(int));
  cudaMalloc(&out, N * sizeof(int));
  cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);
  cudaMemset(flags, 0, N * sizeof(int));

  warp_handoff<<<BLOCKS, THREADS>>>(in, buf, flags, out);
  cudaDeviceSynchronize();

  cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
  printf("out[40] = %d (119 expected)\n", h[40]);
  cudaFree(in);
  cudaFree(buf);
  cudaFree(flags);
  cudaFree(out);
  return 0;
}
