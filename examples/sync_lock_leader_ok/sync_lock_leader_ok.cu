// sync_lock_leader_ok: a lock that thread 0 takes for its whole block.
//
// accumulate<<<8, 64>>> adds each block's partial row into one of TILES = 2
// rows of C. Blocks b and b + 2, b + 4, ... share row b % 2, so their
// updates must not interleave: thread 0 of the block spins on
// locks[row] with atomicCAS and fences; __syncthreads() lets the other
// threads in only after that; every thread fences after its update, and
// after a second __syncthreads() thread 0 releases the lock with
// atomicExch. Two blocks on one row hold the lock one after the other, so
// C[row * 64 + t] of block 0 and of block 2 (thread t of each) are
// ordered; within a block each thread updates its own element. Race-free.
#include <cstdio>

#define BLOCKS 8
#define THREADS 64
#define TILES 2

__global__ void accumulate(int *locks, float *C, const float *P) {
  int row = blockIdx.x % TILES;
  if (threadIdx.x == 0) {
    while (atomicCAS(&locks[row], 0, 1) != 0)
      ;
    __threadfence();
  }
  __syncthreads();
  C[row * THREADS + threadIdx.x] += P[blockIdx.x * THREADS + threadIdx.x];
  __threadfence();
  __syncthreads();
  if (threadIdx.x == 0)
    atomicExch(&locks[row], 0);
}

int main() {
  float h[BLOCKS * THREADS];
  for (int i = 0; i < BLOCKS * THREADS; i++)
    h[i] = 1.0f;
  int *locks;
  float *C, *P;
  cudaMalloc(&locks, TILES * sizeof(int));
  cudaMalloc(&C, TILES * THREADS * sizeof(float));
  cudaMalloc(&P, sizeof(h));
  cudaMemset(locks, 0, TILES * sizeof(int));
  cudaMemset(C, 0, TILES * THREADS * sizeof(float));
  cudaMemcpy(P, h, sizeof(h), cudaMemcpyHostToDevice);
  accumulate<<<BLOCKS, THREADS>>>(locks, C, P);
  float c[TILES * THREADS];
  cudaMemcpy(c, C, sizeof(c), cudaMemcpyDeviceToHost);
  printf("C[0] = %f (4 expected)\n", c[0]);
  cudaFree(locks);
  cudaFree(C);
  cudaFree(P);
  return 0;
}
