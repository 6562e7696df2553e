// sync_lock_after_release_ok: the twin of sync_lock_after_release_racy in
// which each thread reports the total it saw inside its own critical
// section.
//
// Both kernels are launched <<<2, 64>>>: two blocks of two warps.
//   - device_lock: every thread reads and updates *total inside a critical
//     section of the global lock *lock (atomicCAS loop, __threadfence(),
//     the accesses, __threadfence(), atomicExch) and reports the value it
//     stored, kept in a register. Every access to *total lies in a section
//     of the one lock, whose device scope covers every two threads.
//   - block_lock: the same at block scope on a __shared__ sum and lock;
//     the report writes a register, not the shared sum.
// Each thread writes its own seen[i]. Lock words are only touched by
// atomics. Race-free.
#include <cstdio>

#define BLOCKS 2
#define THREADS 64
#define N (BLOCKS * THREADS)

__global__ void device_lock(const int *in, int *total, int *lock, int *seen) {
  int i = blockIdx.x * THREADS + threadIdx.x;
  while (atomicCAS(lock, 0, 1) != 0)
    ;
  __threadfence();
  int t = total[0] + in[i];
  total[0] = t;
  seen[i] = t; // the value this section stored
  __threadfence();
  atomicExch(lock, 0);
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
  int s = sum + in[i];
  sum = s;
  __threadfence_block();
  atomicExch_block(&lock, 0);
  seen[i] = s; // a register, not the shared sum
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
