// sync_lock_side_blockfence_racy: one side of a device-scope lock acquires
// it with a block-scope fence, and the lock is shared across blocks.
//
// side_fence is launched <<<2, 64>>>: every thread adds its input into
// *total under the global lock *lock, block 0 and block 1 in two code
// paths. Block 1 takes the lock with an atomicCAS loop and
// __threadfence(); block 0 follows its atomicCAS with
// __threadfence_block(). A lock's scope is the narrowest of its CAS, its
// two fences and its Exch, and each side is judged on its own: block 0's
// section is a block-scope lock, which does not order it with block 1.
//   - thread 0 of block 0 with thread 0 of block 1: the load of *total by
//     one with the store of the other (inter-block read-write and
//     write-read) and the two stores (inter-block write-write), only
//     because of block 0's __threadfence_block().
// Threads of one block are ordered by their own side's sections (block
// scope covers them). The lock word is only touched by atomics.
#include <cstdio>

#define BLOCKS 2
#define THREADS 64
#define N (BLOCKS * THREADS)

__global__ void side_fence(const int *in, int *total, int *lock) {
  int i = blockIdx.x * THREADS + threadIdx.x;
  if (blockIdx.x == 0) {
    while (atomicCAS(lock, 0, 1) != 0)
      ;
    __threadfence_block(); // should be __threadfence()
    total[0] += in[i]; // want `inter-block write-read race on global total with line 36 \(__threadfence_block at .*:28:\d+ does not order threads of different blocks\)` `inter-block read-write race on global total with line 36 \(__threadfence_block at .*:28:\d+ does not order threads of different blocks\)` `inter-block write-write race on global total with line 36 \(__threadfence_block at .*:28:\d+ does not order threads of different blocks\)`
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

  side_fence<<<BLOCKS, THREADS>>>(in, total, lock);
  cudaDeviceSynchronize();

  int t;
  cudaMemcpy(&t, total, sizeof(int), cudaMemcpyDeviceToHost);
  printf("total %d (%d expected)\n", t, N);
  cudaFree(in);
  cudaFree(total);
  cudaFree(lock);
  return 0;
}
