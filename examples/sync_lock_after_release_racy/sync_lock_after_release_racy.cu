// sync_lock_after_release_racy: a thread reads the locked datum after its
// own release, outside any critical section.
//
// Both kernels are launched <<<2, 64>>>: two blocks of two warps.
//   - device_lock: every thread adds its input into *total inside a
//     critical section of the global lock *lock (atomicCAS loop,
//     __threadfence(), the access, __threadfence(), atomicExch), then reads
//     *total again after the atomicExch to report it. A release covers only
//     the accesses before it, and the lock's spin does not prove that
//     another thread's section came before: the late read races with the
//     store of any other thread's section. Thread 0 of block 0 with thread
//     0 of block 1 (inter-block), with thread 32 (intra-block), with
//     thread 1 (intra-warp).
//   - block_lock: the same at block scope on a __shared__ sum and lock
//     (atomicCAS_block, __threadfence_block(), atomicExch_block): thread 0
//     with thread 32 (intra-block) and with thread 1 (intra-warp).
// Inside the sections, the accesses are ordered. Lock words are only
// touched by atomics.
#include <cstdio>

#define BLOCKS 2
#define THREADS 64
#define N (BLOCKS * THREADS)

__global__ void device_lock(const int *in, int *total, int *lock, int *seen) {
  int i = blockIdx.x * THREADS + threadIdx.x;
  while (atomicCAS(lock, 0, 1) != 0)
    ;
  __threadfence();
  total[0] += in[i]; // want "inter-block write-read race on global total with line 33" "intra-block write-read race on global total with line 33" "intra-warp write-read race on global total with line 33"
  __threadfence();
  atomicExch(lock, 0);
  seen[i] = total[0]; // after the release
}

__global__ void block_lock(const int *in, int *seen) {
  __shared__ int lock;
  __shared__ int sum;
  if (threadIdx.x == 0) {
    lock = 0;
    sum = 0;
  }
  __syncthreads();
  int i = blockIdx.x * THREADS + threadIdx.x;
  while (atomicCAS_block(&lock, 0, 1) != 0)
    ;
  __threadfence_block();
  sum += in[i]; // want "intra-block write-read race on shared sum with line 51" "intra-warp write-read race on shared sum with line 51"
  __threadfence_block();
  atomicExch_block(&lock, 0);
  seen[i] = sum; // after the release
}

int main() {
  int h[N];
  for (int i = 0; i < N; i++)
    h[i] = 1;
  int *in, *total, *lock, *seen;
  cudaMalloc(&in, N * sizeof(int));
  cudaMalloc(&total, sizeof(int));
  cudaMalloc(&lock, sizeof(int));
  cudaMalloc(&seen, N * sizeof(int));
  cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);
  cudaMemset(total, 0, sizeof(int));
  cudaMemset(lock, 0, sizeof(int));

  device_lock<<<BLOCKS, THREADS>>>(in, total, lock, seen);
  block_lock<<<BLOCKS, THREADS>>>(in, seen);
  cudaDeviceSynchronize();

  int t;
  cudaMemcpy(&t, total, sizeof(int), cudaMemcpyDeviceToHost);
  printf("total %d (%d expected)\n", t, N);
  cudaFree(in);
  cudaFree(total);
  cudaFree(lock);
  cudaFree(seen);
  return 0;
}
