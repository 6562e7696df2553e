// sync_lock_one_side_racy: one side of a shared datum takes the lock, the
// other does not.
//
// Both kernels are launched <<<2, 64>>>: two blocks of two warps.
//   - device_side: block 0 adds its inputs into *total inside critical
//     sections of the global lock *lock (atomicCAS loop, __threadfence(),
//     the access, __threadfence(), atomicExch); block 1 adds into *total
//     with no lock at all. A lock orders a pair only if each access lies
//     in a section of it: thread 0 of block 0 with thread 0 of block 1
//     race (inter-block read-write, write-read and write-write), and the
//     unlocked threads of block 1 race among themselves (threads 0 and 32
//     intra-block, 0 and 1 intra-warp).
//   - block_side: the same in one block at block scope: warp 0 adds into
//     a __shared__ sum under a __shared__ lock (atomicCAS_block,
//     __threadfence_block(), atomicExch_block), warp 1 adds with no lock:
//     thread 0 with thread 32 race (intra-block), thread 32 with thread 33
//     (intra-warp).
//   - release_only: block 0 writes vals[t] and releases *lock (a fence,
//     then atomicExch) without having taken it; block 1 reads vals[t]
//     inside a critical section of *lock. A release on one side and a CAS
//     spin on the other do not order a pair: the spin waits for 0, the
//     lock's initial value, so it does not prove that block 0 came
//     first. Thread t of block 0 with thread t of block 1: an inter-block
//     write-read race on vals.
// Block 0's (warp 0's) own sections order its threads. Lock words are only
// touched by atomics.
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
    total[0] += in[i]; // want "inter-block write-read race on global total with line 43" "inter-block read-write race on global total with line 43" "inter-block write-write race on global total with line 43"
    __threadfence();
    atomicExch(lock, 0);
  } else {
    total[0] += in[i]; // want "intra-block write-read race on global total with line 43" "intra-warp write-read race on global total with line 43" "intra-block write-write race on global total with line 43" "intra-warp write-write race on global total with line 43"
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
    sum += v; // want "intra-block write-read race on shared sum with line 64" "intra-block read-write race on shared sum with line 64" "intra-block write-write race on shared sum with line 64"
    __threadfence_block();
    atomicExch_block(&lock, 0);
  } else {
    sum += v; // want "intra-warp write-read race on shared sum with line 64" "intra-warp write-write race on shared sum with line 64"
  }
  __syncthreads();
  if (threadIdx.x == 0)
    sums[blockIdx.x] = sum;
}

__global__ void release_only(const int *in, int *vals, int *lock, int *out) {
  int i = blockIdx.x * THREADS + threadIdx.x;
  if (blockIdx.x == 0) {
    vals[i] = in[i]; // want "inter-block write-read race on global vals with line 81"
    __threadfence();
    atomicExch(lock, 0); // a release with no acquire before it
  } else {
    while (atomicCAS(lock, 0, 1) != 0)
      ;
    __threadfence();
    out[i] = vals[i - THREADS];
    __threadfence();
    atomicExch(lock, 0);
  }
}

int main() {
  int h[N];
  for (int i = 0; i < N; i++)
    h[i] = 1;
  int *in, *total, *lock, *sums, *vals, *out;
  cudaMalloc(&in, N * sizeof(int));
  cudaMalloc(&total, sizeof(int));
  cudaMalloc(&lock, sizeof(int));
  cudaMalloc(&sums, BLOCKS * sizeof(int));
  cudaMalloc(&vals, N * sizeof(int));
  cudaMalloc(&out, N * sizeof(int));
  cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);
  cudaMemset(total, 0, sizeof(int));
  cudaMemset(lock, 0, sizeof(int));

  device_side<<<BLOCKS, THREADS>>>(in, total, lock);
  block_side<<<BLOCKS, THREADS>>>(in, sums);
  cudaMemset(lock, 0, sizeof(int));
  release_only<<<BLOCKS, THREADS>>>(in, vals, lock, out);
  cudaDeviceSynchronize();

  int t, s[BLOCKS];
  cudaMemcpy(&t, total, sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(s, sums, sizeof(s), cudaMemcpyDeviceToHost);
  printf("total %d (%d expected), block 0 sum %d (%d expected)\n", t, N, s[0], THREADS);
  cudaFree(in);
  cudaFree(total);
  cudaFree(lock);
  cudaFree(sums);
  cudaFree(vals);
  cudaFree(out);
  return 0;
}
