// warp_syncwarp_ok: the kernels of warp_nosync, fixed with __syncwarp().
//
// reverse_in_warp: __syncwarp() between the store and the read orders every
// lane's store before the other lanes' reads.
//
// block_sum: each step reads the partner's value into a register, waits for
// the warp, stores, and waits again, as NVIDIA's "Using CUDA Warp-Level
// Primitives" recommends. The read of a step and the store of the same step
// are split by the first __syncwarp(); the store of a step and the read of
// the next by the second, which lies on every path around the loop. The
// first step reads only s[tid] and s[tid + 32], never an element another
// lane of warp 0 stores. Both launched <<<2, 64>>>: race-free.
#include <cstdio>

#define THREADS 64
#define BLOCKS 2

__global__ void reverse_in_warp(int *data) {
  __shared__ int s[THREADS];
  unsigned int t = threadIdx.x;
  unsigned int i = blockIdx.x * THREADS + t;
  s[t] = data[i];
  __syncwarp();
  data[i] = s[t ^ 31];
}

__global__ void block_sum(const int *in, int *out) {
  __shared__ int s[THREADS];
  unsigned int tid = threadIdx.x;
  s[tid] = in[blockIdx.x * THREADS + tid];
  __syncthreads();
  if (tid < 32) {
    int v = s[tid] + s[tid + 32];
    s[tid] = v;
    __syncwarp();
    for (int d = 16; d > 0; d >>= 1) {
      v += s[tid + d];
      __syncwarp();
      s[tid] = v;
      __syncwarp();
    }
  }
  if (tid == 0)
    out[blockIdx.x] = s[0];
}

int main() {
  const int n = BLOCKS * THREADS;
  int h[n];
  for (int i = 0; i < n; i++)
    h[i] = 1;
  int *data, *sums;
  cudaMalloc(&data, n * sizeof(int));
  cudaMalloc(&sums, BLOCKS * sizeof(int));
  cudaMemcpy(data, h, sizeof(h), cudaMemcpyHostToDevice);

  block_sum<<<BLOCKS, THREADS>>>(data, sums);
  reverse_in_warp<<<BLOCKS, THREADS>>>(data);
  cudaDeviceSynchronize();

  cudaMemcpy(h, sums, BLOCKS * sizeof(int), cudaMemcpyDeviceToHost);
  printf("sums: %d %d (64 expected)\n", h[0], h[1]);
  cudaFree(data);
  cudaFree(sums);
  return 0;
}
