// sync_lock_block_racy: a lock whose release fence is block scope guards a
// total shared by all blocks -- the fence's scope is too narrow.
//
// locked_total is launched <<<2, 64>>> over 128 inputs. Every thread adds
// its input into *total under the single global lock *lock: a device-scope
// atomicCAS loop and __threadfence() to acquire, but __threadfence_block()
// and atomicExch to release. The narrowest operation of the lock is the
// block-scope fence, which orders threads of one block only:
//   - thread 0 of block 0 and thread 0 of block 1: the load of *total by
//     one with the store of the other (inter-block read-write) and the two
//     stores (inter-block write-write), both only because of the
//     __threadfence_block().
// Threads 0 and 32 (intra-block) or 0 and 1 (intra-warp) of one block are
// covered by block scope: no other kind. The lock word is only touched by
// device-scope atomics.
#include <cstdio>

#define BLOCKS 2
#define THREADS 64
#define N (BLOCKS * THREADS)

__global__ void locked_total(const int *in, int *total, int *lock) {
  int i = blockIdx.x * THREADS + threadIdx.x;
  while (atomicCAS(lock, 0, 1) != 0)
    ;
  __threadfence();
  int t = *total; // want `inter-block read-write race on global total with line 28 \(__threadfence_block at .*:29:\d+ does not order threads of different blocks\)`
  *total = t + in[i]; // want `inter-block write-write race on global total with line 28 \(__threadfence_block at .*:29:\d+ does not order threads of different blocks\)`
  __threadfence_block(); // should be __threadfence()
  atomicExch(lock, 0);
}

int main() {
  int h[N];
  for (int i = 0; i < N; i++)
    h[i] = 1;
  int *in, *total, *lock;
  cudaMalloc(&in, N * sizeof(int));
  cudaMalloc(&total, sizeof(int));
  cudaMalloc(&lock, sizeof(int));
  cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);
  cudaMemset(total, 0, sizeof(int));
  cudaMemset(lock, 0, sizeof(int));

  locked_total<<<BLOCKS, THREADS>>>(in, total, lock);
  cudaDeviceSynchronize();

  int t;
  cudaMemcpy(&t, total, sizeof(int), cudaMemcpyDeviceToHost);
  printf("total %d (%d expected)\n", t, N);
  cudaFree(in);
  cudaFree(total);
  cudaFree(lock);
  return 0;
}
