// sync_lock_leader_racy: sync_lock_leader_ok with a second update that
// the block's lock does not cover.
//
// accumulate<<<8, 64>>>: thread 0 of each block takes locks[row] for the
// block (row = blockIdx.x % 2), as in sync_lock_leader_ok, and the update
// of C[row * 64 + t] inside the critical section is race-free. After the
// release, each thread also adds into total[t]: thread t of block 0 and
// thread t of block 1 hold no common lock there (and the lock is released
// by then), so the read and the write of total[t] race between blocks --
// an inter-block read-write and write-write race, thread 5 of block 0
// against thread 5 of block 1. Within a block each thread has its own
// total[t].
#include <cstdio>

#define BLOCKS 8
#define THREADS 64
#define TILES 2

__global__ void accumulate(int *locks, float *C, float *total, const float *P) {
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
  total[threadIdx.x] += 1.0f; // want "inter-block (read-write|write-read) race on global total with line 32" "inter-block write-write race on global total with line 32"
}

int main() {
  float h[BLOCKS * THREADS];
  for (int i = 0; i < BLOCKS * THREADS; i++)
    h[i] = 1.0f;
  int *locks;
  float *C, *P, *total;
  cudaMalloc(&locks, TILES * sizeof(int));
  cudaMalloc(&C, TILES * THREADS * sizeof(float));
  cudaMalloc(&total, THREADS * sizeof(float));
  cudaMalloc(&P, sizeof(h));
  cudaMemset(locks, 0, TILES * sizeof(int));
  cudaMemset(C, 0, TILES * THREADS * sizeof(float));
  cudaMemset(total, 0, THREADS * sizeof(float));
  cudaMemcpy(P, h, sizeof(h), cudaMemcpyHostToDevice);
  accumulate<<<BLOCKS, THREADS>>>(locks, C, total, P);
  float t[THREADS];
  cudaMemcpy(t, total, sizeof(t), cudaMemcpyDeviceToHost);
  printf("total[0] = %f (8 expected, fewer if racing)\n", t[0]);
  cudaFree(locks);
  cudaFree(C);
  cudaFree(total);
  cudaFree(P);
  return 0;
}
