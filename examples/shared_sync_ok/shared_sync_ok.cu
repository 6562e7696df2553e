// shared_sync_ok: the shared-memory exchange of shared_no_sync, fixed.
//
// __syncthreads() between the store to s[t] and the read of the neighbour's
// s[(t + 1) % 64] orders every store of the block before every read, for
// threads of the same warp too. Launched <<<2, 64>>>: race-free.
#include <cstdio>

#define THREADS 64
#define BLOCKS 2

__global__ void rotate(const int *in, int *out) {
  __shared__ int s[THREADS];
  unsigned int t = threadIdx.x;
  unsigned int i = blockIdx.x * THREADS + t;
  s[t] = in[i];
  __syncthreads();
  out[i] = s[(t + 1) % THREADS];
}

int main() {
  const int n = BLOCKS * THREADS;
  int h[n];
  for (int i = 0; i < n; i++)
    h[i] = i;
  int *in, *out;
  cudaMalloc(&in, n * sizeof(int));
  cudaMalloc(&out, n * sizeof(int));
  cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);

  rotate<<<BLOCKS, THREADS>>>(in, out);
  cudaDeviceSynchronize();

  cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
  printf("out[0] = %d (1 expected)\n", h[0]);
  cudaFree(in);
  cudaFree(out);
  return 0;
}
