// sync_lock_side_nofence_racy: one side of a lock skips the fence after
// its atomicCAS, so its critical section does not acquire the lock.
//
// Both kernels are launched <<<2, 64>>>: two blocks of two warps.
//   - device_side: every thread adds its input into *total under the
//     global lock *lock. Block 0 takes it with an atomicCAS loop and
//     __threadfence(); block 1 spins on the same atomicCAS but goes on
//     without the fence. Both release with __threadfence() and atomicExch.
//     Lock decisions are per side: block 1's section is not well formed, so
//     thread 0 of block 0 with thread 0 of block 1 race on *total
//     (inter-block read-write and write-write), and block 1's threads race
//     among themselves: threads 0 and 32 (intra-block), 0 and 1
//     (intra-warp). Block 0's sections order block 0's threads.
//   - block_side: the same within a block, at block scope: a __shared__
//     lock taken with atomicCAS_block and released with
//     __threadfence_block() and atomicExch_block. Warp 0 fences after its
//     CAS, warp 1 does not: thread 0 with thread 32 race on the shared sum
//     (intra-block), and thread 32 with thread 33 (intra-warp).
// Each race exists only because of the missing fence, and the report
// names the atomicCAS that lacks it. Lock words are only touched by
// atomics.
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
    total[0] += in[i]; // want `inter-block write-read race on global total with line 41 \(atomicCAS at .*:38:\d+ is not followed by a fence, so this section does not acquire the lock\)` `inter-block read-write race on global total with line 41 \(atomicCAS at .*:38:\d+ is not followed by a fence, so this section does not acquire the lock\)` `inter-block write-write race on global total with line 41 \(atomicCAS at .*:38:\d+ is not followed by a fence, so this section does not acquire the lock\)`
    __threadfence();
    atomicExch(lock, 0);
  } else {
    while (atomicCAS(lock, 0, 1) != 0)
      ;
    // missing __threadfence()
    total[0] += in[i]; // want `intra-block write-read race on global total with line 41 \(atomicCAS at .*:38:\d+ is not followed by a fence, so this section does not acquire the lock\)` `intra-warp write-read race on global total with line 41 \(atomicCAS at .*:38:\d+ is not followed by a fence, so this section does not acquire the lock\)` `intra-block write-write race on global total with line 41 \(atomicCAS at .*:38:\d+ is not followed by a fence, so this section does not acquire the lock\)` `intra-warp write-write race on global total with line 41 \(atomicCAS at .*:38:\d+ is not followed by a fence, so this section does not acquire the lock\)`
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
    sum += v; // want `intra-block write-read race on shared sum with line 67 \(atomicCAS_block at .*:64:\d+ is not followed by a fence, so this section does not acquire the lock\)` `intra-block read-write race on shared sum with line 67 \(atomicCAS_block at .*:64:\d+ is not followed by a fence, so this section does not acquire the lock\)` `intra-block write-write race on shared sum with line 67 \(atomicCAS_block at .*:64:\d+ is not followed by a fence, so this section does not acquire the lock\)`
    __threadfence_block();
    atomicExch_block(&lock, 0);
  } else {
    while (atomicCAS_block(&lock, 0, 1) != 0)
      ;
    // missing __threadfence_block()
    sum += v; // want `intra-warp write-read race on shared sum with line 67 \(atomicCAS_block at .*:64:\d+ is not followed by a fence, so this section does not acquire the lock\)` `intra-warp write-write race on shared sum with line 67 \(atomicCAS_block at .*:64:\d+ is not followed by a fence, so this section does not acquire the lock\)`
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
