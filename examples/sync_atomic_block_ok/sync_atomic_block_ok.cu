// sync_atomic_block_ok: block-scope atomics are enough when every thread
// that touches the location is in one block.
//
// count_per_block is launched <<<4, 64>>> (two warps per block) over 256
// inputs. Each block counts its positive inputs in a __shared__ counter
// with atomicAdd_block and sums its inputs into counts[blockIdx.x] in global
// memory, also with atomicAdd_block. Why each candidate pair is ordered:
//   - atomicAdd_block on s_pos: shared memory is per block, and block scope
//     covers every two threads of a block (warps 0 and 1, or two lanes).
//   - atomicAdd_block on counts[blockIdx.x]: two threads reach the same
//     element only if they are in the same block, which block scope covers;
//     threads of different blocks add into different elements.
//   - the plain store s_pos = 0 (thread 0) and the plain load of s_pos
//     (thread 0) are separated from the other threads' atomics by
//     __syncthreads().
// Race-free.
#include <cstdio>

#define BLOCKS 4
#define THREADS 64
#define N (BLOCKS * THREADS)

__global__ void count_per_block(const int *in, int *counts, int *positives) {
  __shared__ int s_pos;
  if (threadIdx.x == 0)
    s_pos = 0;
  __syncthreads();

  int i = blockIdx.x * THREADS + threadIdx.x;
  int v = in[i];
  if (v > 0)
    atomicAdd_block(&s_pos, 1);
  atomicAdd_block(&counts[blockIdx.x], v);
  __syncthreads();

  if (threadIdx.x == 0)
    positives[blockIdx.x] = s_pos;
}

int main() {
  int h[N];
  for (int i = 0; i < N; i++)
    h[i] = i % 3 - 1;
  int *in, *counts, *positives;
  cudaMalloc(&in, N * sizeof(int));
  cudaMalloc(&counts, BLOCKS * sizeof(int));
  cudaMalloc(&positives, BLOCKS * sizeof(int));
  cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);
  cudaMemset(counts, 0, BLOCKS * sizeof(int));

  count_per_block<<<BLOCKS, THREADS>>>(in, counts, positives);
  cudaDeviceSynchronize();

  int c[BLOCKS], p[BLOCKS];
  cudaMemcpy(c, counts, sizeof(c), cudaMemcpyDeviceToHost);
  cudaMemcpy(p, positives, sizeof(p), cudaMemcpyDeviceToHost);
  for (int b = 0; b < BLOCKS; b++)
    printf("block %d: sum %d, %d positive\n", b, c[b], p[b]);
  cudaFree(in);
  cudaFree(counts);
  cudaFree(positives);
  return 0;
}
