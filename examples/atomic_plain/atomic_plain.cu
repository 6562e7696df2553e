// atomic_plain: atomics do not race with each other, but an atomic and a
// plain access to the same location do.
//
// count_positive is launched <<<4, 64>>> with n = 256. Every thread with a
// positive input does atomicAdd(count, 1): these never race among
// themselves. Thread 0 then copies *count with a plain load, while other
// threads may still be adding: thread 64 of block 1 (inter-block), thread
// 32 of block 0 (intra-block) and thread 1 of block 0 (intra-warp). Only
// thread 0 writes *snapshot.
#include <cstdio>

#define N 256
#define THREADS 64

__global__ void count_positive(const int *in, int *count, int *snapshot, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] > 0)
    atomicAdd(count, 1); // want "inter-block atomic-read race on global count with line 20" "intra-block atomic-read race on global count with line 20" "intra-warp atomic-read race on global count with line 20"
  if (i == 0)
    *snapshot = *count;
}

int main() {
  int h[N];
  for (int i = 0; i < N; i++)
    h[i] = i % 2 ? 1 : -1;
  int *in, *count, *snapshot;
  cudaMalloc(&in, N * sizeof(int));
  cudaMalloc(&count, sizeof(int));
  cudaMalloc(&snapshot, sizeof(int));
  cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);
  cudaMemset(count, 0, sizeof(int));

  count_positive<<<N / THREADS, THREADS>>>(in, count, snapshot, N);
  cudaDeviceSynchronize();

  int c, s;
  cudaMemcpy(&c, count, sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(&s, snapshot, sizeof(int), cudaMemcpyDeviceToHost);
  printf("count %d, snapshot %d (anything up to 128)\n", c, s);
  cudaFree(in);
  cudaFree(count);
  cudaFree(snapshot);
  return 0;
}
