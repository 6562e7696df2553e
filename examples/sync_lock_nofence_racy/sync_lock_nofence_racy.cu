// sync_lock_nofence_racy: a device-scope lock whose release has no fence
// orders nothing.
//
// locked_total is launched <<<2, 64>>> over 128 inputs. Every thread adds
// its input into *total under the single global lock *lock, acquired with
// an atomicCAS loop and __threadfence(), but released with atomicExch
// alone: the relaxed atomicExch does not order the critical section's
// accesses before it, so the next owner may read a stale *total. Without
// its fence the lock is no lock, and the accesses race at every kind:
//   - thread 0 of block 0 with thread 0 of block 1 (inter-block), with
//     thread 32 of block 0 (intra-block), with thread 1 of block 0
//     (intra-warp): the load of *total by one with the store of the other
//     (read-write), and the two stores (write-write).
// The lock word is only touched by atomics.
#include <cstdio>

#define BLOCKS 2
#define THREADS 64
#define N (BLOCKS * THREADS)

__global__ void locked_total(const int *in, int *total, int *lock) {
  int i = blockIdx.x * THREADS + threadIdx.x;
  while (atomicCAS(lock, 0, 1) != 0)
    ;
  __threadfence();
  int t = *total; // want "inter-block read-write race on global total with line 27" "intra-block read-write race on global total with line 27" "intra-warp read-write race on global total with line 27"
  *total = t + in[i]; // want "inter-block write-write race on global total with line 27" "intra-block write-write race on global total with line 27" "intra-warp write-write race on global total with line 27"
  atomicExch(lock, 0); // missing __threadfence() before the release
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
