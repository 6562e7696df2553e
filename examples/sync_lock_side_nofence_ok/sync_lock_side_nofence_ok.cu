// sync_lock_side_nofence_ok: the twin of sync_lock_side_nofence_racy with
// both sides' critical sections well formed.
//
// Both kernels are launched <<<2, 64>>>: two blocks of two warps.
//   - device_side: block 0 and block 1 take the global lock *lock in two
//     different code paths, each an atomicCAS loop then __threadfence(),
//     and release it with __threadfence() and atomicExch. Every access to
//     *total lies in such a section, the lock address is the same for every
//     thread, and device scope covers every two threads: thread 0 of block
//     0 with thread 0 of block 1 (inter-block), threads 0 and 32
//     (intra-block), 0 and 1 (intra-warp) are all ordered.
//   - block_side: a __shared__ lock with atomicCAS_block,
//     __threadfence_block() and atomicExch_block, taken by warp 0 and warp
//     1 in two code paths; block scope covers the threads of the block,
//     the only ones that share the shared sum. Its initialisation by
//     thread 0 and its final read are separated by __syncthreads().
// Lock words are only touched by atomics. Race-free.
#include <cstdio>

#define BLOCKS 2
#define THREADS 64
#define N (BLOCKS * THREADS)

__global__ void device_side(const int *in, int *total, int *lock) {
  int i = blockIdx.x * THREADS + threadIdx.x;
  if (blockIdx.x == 0) {
    while (atomicCAS(lock, 0, 1) != 0)
      ;
    __threadfence();
    total[0] += in[i];
    __threadfence();
    atomicExch(lock, 0);
  } else {
    while (atomicCAS(lock, 0, 1) != 0)
      ;
    __threadfence();
    total[0] += in[i];
    __threadfence();
    atomicExch(lock, 0);
  }
}

__global__ void block_side(const int *in, int *sums) {
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
    __threadfence_block();
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
  int *in, *total, *lock, *sums;
  cudaMalloc(&in, N * sizeof(int));
  cudaMalloc(&total, sizeof(int));
  cudaMalloc(&lock, sizeof(int));
  cudaMalloc(&sums, BLOCKS * sizeof(int));
  cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);
  cudaMemset(total, 0, sizeof(int));
  cudaMemset(lock, 0, sizeof(int));

  device_side<<<BLOCKS, THREADS>>>(in, total, lock);
  block_side<<<BLOCKS, THREADS>>>(in, sums);
  cudaDeviceSynchronize();

  int t, s[BLOCKS];
  cudaMemcpy(&t, total, sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(s, sums, sizeof(s), cudaMemcpyDeviceToHost);
  printf("total %d (%d expected), block 0 sum %d (%d expected)\n", t, N, s[0], THREADS);
  cudaFree(in);
  cudaFree(total);
  cudaFree(lock);
  cudaFree(sums);
  return 0;
}
