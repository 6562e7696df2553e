// sync_lock_device_ok: per-element device-scope spin locks guard
// read-modify-writes that threads of all blocks make on the same elements.
//
// Both kernels are launched <<<4, 64>>> over 256 inputs; thread tid
// (global id) updates bin k = tid % 8, so 32 threads of every block and
// warp share each bin: thread 0 of block 0 and thread 0 of block 1 (both
// bin 0, inter-block), threads 0 and 32 of block 0 (intra-block), threads
// 0 and 8 of block 0 (intra-warp).
//   - locked_add takes locks[k] with an atomicCAS inside a retry loop
//     (the form that cannot livelock a warp), then __threadfence(); it
//     reads and writes sum[k] and count[k]; then __threadfence() and
//     atomicExch(&locks[k], 0).
//   - locked_max takes locks[k] by spinning on atomicExch(&locks[k], 1),
//     with the same fences and release, around a read and a write of
//     best[k].
// Two threads reach the same element only with the same k, hence the same
// lock locks[k]; the CAS/Exch and fences are device scope, which covers
// every two threads of the grid. The lock words are only touched by
// atomics. Race-free.
#include <cstdio>

#define BLOCKS 4
#define THREADS 64
#define N (BLOCKS * THREADS)
#define K 8

__global__ void locked_add(const float *in, float *sum, int *count, int *locks) {
  int tid = blockIdx.x * THREADS + threadIdx.x;
  int k = tid % K;
  bool done = false;
  while (!done) {
    if (atomicCAS(&locks[k], 0, 1) == 0) {
      __threadfence();
      sum[k] = sum[k] + in[tid];
      count[k] = count[k] + 1;
      __threadfence();
      atomicExch(&locks[k], 0);
      done = true;
    }
  }
}

__global__ void locked_max(const float *in, float *best, int *locks) {
  int tid = blockIdx.x * THREADS + threadIdx.x;
  int k = tid % K;
  while (atomicExch(&locks[k], 1) != 0)
    ;
  __threadfence();
  float b = best[k];
  if (in[tid] > b)
    best[k] = in[tid];
  __threadfence();
  atomicExch(&locks[k], 0);
}

int main() {
  float h[N];
  for (int i = 0; i < N; i++)
    h[i] = (float)((i * 13) % 29);
  float *in, *sum, *best;
  int *count, *locks;
  cudaMalloc(&in, N * sizeof(float));
  cudaMalloc(&sum, K * sizeof(float));
  cudaMalloc(&best, K * sizeof(float));
  cudaMalloc(&count, K * sizeof(int));
  cudaMalloc(&locks, K * sizeof(int));
  cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);
  cudaMemset(sum, 0, K * sizeof(float));
  cudaMemset(best, 0, K * sizeof(float));
  cudaMemset(count, 0, K * sizeof(int));
  cudaMemset(locks, 0, K * sizeof(int));

  locked_add<<<BLOCKS, THREADS>>>(in, sum, count, locks);
  locked_max<<<BLOCKS, THREADS>>>(in, best, locks);
  cudaDeviceSynchronize();

  float s[K], b[K];
  int c[K];
  cudaMemcpy(s, sum, sizeof(s), cudaMemcpyDeviceToHost);
  cudaMemcpy(b, best, sizeof(b), cudaMemcpyDeviceToHost);
  cudaMemcpy(c, count, sizeof(c), cudaMemcpyDeviceToHost);
  for (int k = 0; k < K; k++)
    printf("bin %d: %d values, sum %.0f, max %.0f\n", k, c[k], s[k], b[k]);
  cudaFree(in);
  cudaFree(sum);
  cudaFree(best);
  cudaFree(count);
  cudaFree(locks);
  return 0;
}
