// shared_no_sync: a shared-memory exchange that forgets __syncthreads().
//
// Each thread stores its value in s[t] and then reads its right neighbour's
// s[(t + 1) % 64], but nothing orders the neighbour's store before the
// read. Launched <<<2, 64>>>:
//   - intra-warp:  thread 0 reads s[1] while thread 1 (same warp) writes it;
//   - intra-block: thread 31 reads s[32] while thread 32 (warp 1) writes it.
// Shared memory is per block, so there is no inter-block race. Every thread
// writes its own s[t] and its own out element, so no store races with itself.
#include <cstdio>

#define THREADS 64
#define BLOCKS 2

__global__ void rotate(const int *in, int *out) {
  __shared__ int s[THREADS];
  unsigned int t = threadIdx.x;
  unsigned int i = blockIdx.x * THREADS + t;
  s[t] = in[i]; // want "intra-block write-read race on shared s with line 20" "intra-warp write-read race on shared s with line 20"
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
  printf("out[0] = %d (1 expected, but the read may come first)\n", h[0]);
  cudaFree(in);
  cudaFree(out);
  return 0;
}
