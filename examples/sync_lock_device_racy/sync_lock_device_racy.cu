// sync_lock_device_racy: a lock per block guards nothing across blocks.
//
// locked_add is launched <<<2, 64>>> over 128 inputs. Thread tid (global
// id) adds its input into bin k = tid % 8, shared by all blocks, but takes
// the lock of its block, locks[blockIdx.x], with a correct device-scope
// acquire (atomicCAS loop, __threadfence) and release (__threadfence,
// atomicExch). Threads of one block hold the same lock, so their accesses
// to sum[k] are ordered (no intra-block or intra-warp race); threads of
// different blocks hold different locks:
//   - thread 0 of block 0 and thread 0 of block 1 (tid 0 and 64, bin 0)
//     under locks[0] and locks[1]: the load of sum[0] by one with the store
//     of the other (inter-block read-write), and the two stores
//     (inter-block write-write).
// The lock words are only touched by atomics.
#include <cstdio>

#define BLOCKS 2
#define THREADS 64
#define N (BLOCKS * THREADS)
#define K 8

__global__ void locked_add(const float *in, float *sum, int *locks) {
  int tid = blockIdx.x * THREADS + threadIdx.x;
  int k = tid % K;
  int *lock = &locks[blockIdx.x]; // should be &locks[k]
  while (atomicCAS(lock, 0, 1) != 0)
    ;
  __threadfence();
  float s = sum[k]; // want "inter-block read-write race on global sum with line 30"
  sum[k] = s + in[tid]; // want "inter-block write-write race on global sum with line 30"
  __threadfence();
  atomicExch(lock, 0);
}

int main() {
  float h[N];
  for (int i = 0; i < N; i++)
    h[i] = 1.0f;
  float *in, *sum;
  int *locks;
  cudaMalloc(&in, N * sizeof(float));
  cudaMalloc(&sum, K * sizeof(float));
  cudaMalloc(&locks, BLOCKS * sizeof(int));
  cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);
  cudaMemset(sum, 0, K * sizeof(float));
  cudaMemset(locks, 0, BLOCKS * sizeof(int));

  locked_add<<<BLOCKS, THREADS>>>(in, sum, locks);
  cudaDeviceSynchronize();

  float s[K];
  cudaMemcpy(s, sum, sizeof(s), cudaMemcpyDeviceToHost);
  for (int k = 0; k < K; k++)
    printf("bin %d: %.0f (%d expected)\n", k, s[k], N / K);
  cudaFree(in);
  cudaFree(sum);
  cudaFree(locks);
  return 0;
}
