// sync_lock_block_ok: locks built from block-scope atomics and fences guard
// data that only the threads of one block touch.
//
// Both kernels are launched <<<4, 64>>> over 256 inputs (two warps per
// block).
//   - block_argmax: a __shared__ lock, taken with atomicCAS_block in a
//     retry loop and __threadfence_block(), released with
//     __threadfence_block() and atomicExch_block, guards the pair
//     (best, bestIdx) in shared memory, which every thread of the block
//     reads and may write. Thread 0 initialises lock, best and bestIdx and
//     reads bestIdx back, separated from the critical sections by
//     __syncthreads().
//   - block_pair_sum: the lock of block b is the global locks[b], taken by
//     spinning on atomicCAS_block(&locks[b], 0, 1), and guards sum[b] and
//     cnt[b] in global memory.
// Candidate pairs: threads 0 and 32 (intra-block) or 0 and 1 (intra-warp)
// of a block hold the same lock, and block scope covers them. Threads of
// different blocks touch different shared memory, or different elements
// sum[b], cnt[b] and locks[b]. Race-free.
#include <cstdio>

#define BLOCKS 4
#define THREADS 64
#define N (BLOCKS * THREADS)

__global__ void block_argmax(const float *in, int *argmax) {
  __shared__ int lock;
  __shared__ float best;
  __shared__ int bestIdx;
  int i = blockIdx.x * THREADS + threadIdx.x;
  if (threadIdx.x == 0) {
    lock = 0;
    best = -1e30f;
    bestIdx = -1;
  }
  __syncthreads();

  float v = in[i];
  bool done = false;
  while (!done) {
    if (atomicCAS_block(&lock, 0, 1) == 0) {
      __threadfence_block();
      if (v > best) {
        best = v;
        bestIdx = i;
      }
      __threadfence_block();
      atomicExch_block(&lock, 0);
      done = true;
    }
  }
  __syncthreads();
  if (threadIdx.x == 0)
    argmax[blockIdx.x] = bestIdx;
}

__global__ void block_pair_sum(const float *in, float *sum, int *cnt, int *locks) {
  int b = blockIdx.x;
  float v = in[b * THREADS + threadIdx.x];
  if (v > 0.0f) {
    while (atomicCAS_block(&locks[b], 0, 1) != 0)
      ;
    __threadfence_block();
    sum[b] += v;
    cnt[b] += 1;
    __threadfence_block();
    atomicExch_block(&locks[b], 0);
  }
}

int main() {
  float h[N];
  for (int i = 0; i < N; i++)
    h[i] = (float)((i * 17) % 31 - 10);
  float *in, *sum;
  int *argmax, *cnt, *locks;
  cudaMalloc(&in, N * sizeof(float));
  cudaMalloc(&sum, BLOCKS * sizeof(float));
  cudaMalloc(&argmax, BLOCKS * sizeof(int));
  cudaMalloc(&cnt, BLOCKS * sizeof(int));
  cudaMalloc(&locks, BLOCKS * sizeof(int));
  cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);
  cudaMemset(sum, 0, BLOCKS * sizeof(float));
  cudaMemset(cnt, 0, BLOCKS * sizeof(int));
  cudaMemset(locks, 0, BLOCKS * sizeof(int));

  block_argmax<<<BLOCKS, THREADS>>>(in, argmax);
  block_pair_sum<<<BLOCKS, THREADS>>>(in, sum, cnt, locks);
  cudaDeviceSynchronize();

  float s[BLOCKS];
  int a[BLOCKS], c[BLOCKS];
  cudaMemcpy(s, sum, sizeof(s), cudaMemcpyDeviceToHost);
  cudaMemcpy(a, argmax, sizeof(a), cudaMemcpyDeviceToHost);
  cudaMemcpy(c, cnt, sizeof(c), cudaMemcpyDeviceToHost);
  for (int b = 0; b < BLOCKS; b++)
    printf("block %d: argmax %d, %d positive summing to %.0f\n", b, a[b], c[b], s[b]);
  cudaFree(in);
  cudaFree(sum);
  cudaFree(argmax);
  cudaFree(cnt);
  cudaFree(locks);
  return 0;
}
