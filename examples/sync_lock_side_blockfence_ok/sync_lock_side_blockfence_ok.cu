// sync_lock_side_blockfence_ok: one side of a lock acquires it with a
// block-scope fence, and only threads of one block share the lock.
//
// Both kernels are launched <<<2, 64>>>: two blocks of two warps, warp 0
// and warp 1 taking the lock in two code paths.
//   - global_per_block: the lock of block b is the global locks[b] and
//     guards sums[b]. Warp 0 acquires with atomicCAS and
//     __threadfence_block(), warp 1 with atomicCAS and __threadfence();
//     both release with __threadfence() and atomicExch. Warp 0's sections
//     are block-scope locks, warp 1's device-scope ones: both cover two
//     threads of one block, the only threads that share locks[b] and
//     sums[b] (thread 0 with thread 32, intra-block; 0 with 1 and 32 with
//     33, intra-warp).
//   - shared_lock: a __shared__ lock and sum, taken with atomicCAS_block;
//     warp 0 fences with __threadfence_block(), warp 1 with
//     __threadfence(); block scope covers the block. The shared variables'
//     initialisation and final read are separated by __syncthreads().
// Lock words are only touched by atomics. Race-free.
#include <cstdio>

#define BLOCKS 2
#define THREADS 64
#define N (BLOCKS * THREADS)

__global__ void global_per_block(const int *in, int *sums, int *locks) {
  int b = blockIdx.x;
  int v = in[b * THREADS + threadIdx.x];
  if (threadIdx.x < 32) {
    while (atomicCAS(&locks[b], 0, 1) != 0)
      ;
    __threadfence_block();
    sums[b] += v;
    __threadfence();
    atomicExch(&locks[b], 0);
  } else {
    while (atomicCAS(&locks[b], 0, 1) != 0)
      ;
    __threadfence();
    sums[b] += v;
    __threadfence();
    atomicExch(&locks[b], 0);
  }
}

__global__ void shared_lock(const int *in, int *sums) {
  __shared__ int lock;
  __shared__ int sum;
  if (threadIdx.x == 0) {
    lock = 0;
    sum = 0;
  }
  __syncthreads();
  int v = in[blockIdx.x * THREADS + threadIdx.x];
  if (threadIdx.x < 32) {
    while (atomicCAS_block(&lock, 0, 1) != 0)
      ;
    __threadfence_block();
    sum += v;
    __threadfence_block();
    atomicExch_block(&lock, 0);
  } else {
    while (atomicCAS_block(&lock, 0, 1) != 0)
      ;
    __threadfence();
    sum += v;
    __threadfence_block();
    atomicExch_block(&lock, 0);
  }
  __syncthreads();
  if (threadIdx.x == 0)
    sums[blockIdx.x] = sum;
}

int main() {
  int h[N];
  for (int i = 0; i < N; i++)
    h[i] = 1;
  int *in, *sums, *locks;
  cudaMalloc(&in, N * sizeof(int));
  cudaMalloc(&sums, BLOCKS * sizeof(int));
  cudaMalloc(&locks, BLOCKS * sizeof(int));
  cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);
  cudaMemset(sums, 0, BLOCKS * sizeof(int));
  cudaMemset(locks, 0, BLOCKS * sizeof(int));

  global_per_block<<<BLOCKS, THREADS>>>(in, sums, locks);
  shared_lock<<<BLOCKS, THREADS>>>(in, sums);
  cudaDeviceSynchronize();

  int s[BLOCKS];
  cudaMemcpy(s, sums, sizeof(s), cudaMemcpyDeviceToHost);
  printf("block 0: %d (%d expected)\n", s[0], THREADS);
  cudaFree(in);
  cudaFree(sums);
  cudaFree(locks);
  return 0;
}
