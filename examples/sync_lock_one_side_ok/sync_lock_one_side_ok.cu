// sync_lock_one_side_ok: the twin of sync_lock_one_side_racy in which the
// side that takes no lock no longer touches the locked datum.
//
// Both kernels are launched <<<2, 64>>>: two blocks of two warps.
//   - device_side: block 0 adds into total[0] inside critical sections of
//     the global lock *lock (atomicCAS loop, __threadfence(), the access,
//     __threadfence(), atomicExch): device scope and one lock address for
//     every thread order its threads (0 with 32 intra-block, 0 with 1
//     intra-warp). Block 1 takes no lock and counts into total[1] with
//     atomicAdd: atomics of device scope do not race, and no plain access
//     touches total[1].
//   - block_side: warp 0 adds into a __shared__ sum under a __shared__
//     lock at block scope; warp 1 counts into another __shared__ variable
//     with atomicAdd_block. Initialisation and final reads are separated
//     from both by __syncthreads().
//   - release_only: block 0 writes vals[t] and block 1 reads it, each
//     inside a critical section of *lock (the writer's is no longer a
//     release alone): one lock, device scope, ordered.
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
    atomicAdd(&total[1], in[i]); // its own counter, with an atomic
  }
}

__global__ void block_side(const int *in, int *sums) {
  __shared__ int lock;
  __shared__ int sum;
  __shared__ int count;
  if (threadIdx.x == 0) {
    lock = 0;
    sum = 0;
    count = 0;
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
    atomicAdd_block(&count, v); // its own counter, with an atomic
  }
  __syncthreads();
  if (threadIdx.x == 0)
    sums[blockIdx.x] = sum + count;
}

__global__ void release_only(const int *in, int *vals, int *lock, int *out) {
  int i = blockIdx.x * THREADS + threadIdx.x;
  if (blockIdx.x == 0) {
    while (atomicCAS(lock, 0, 1) != 0)
      ;
    __threadfence();
    vals[i] = in[i];
    __threadfence();
    atomicExch(lock, 0);
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
  cudaMalloc(&total, 2 * sizeof(int));
  cudaMalloc(&lock, sizeof(int));
  cudaMalloc(&sums, BLOCKS * sizeof(int));
  cudaMalloc(&vals, N * sizeof(int));
  cudaMalloc(&out, N * sizeof(int));
  cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);
  cudaMemset(total, 0, 2 * sizeof(int));
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
