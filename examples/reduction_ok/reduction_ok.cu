// reduction_ok: the classic tree reduction in shared memory, race-free.
//
// In the step with stride s, thread tid < s adds sdata[tid + s] to
// sdata[tid]: the elements read (>= s) are not the ones written (< s). The
// __syncthreads() at the end of every iteration keeps all threads in the
// same step, so they agree on s, and orders each step after the previous
// one. The final read of sdata[0] by thread 0 follows the last barrier, and
// out[blockIdx.x] is written by one thread per block. Launched <<<4, 256>>>.
#include <cstdio>
#include <cstdlib>

#define THREADS 256

__global__ void reduce(const float *in, float *out, unsigned int n) {
  __shared__ float sdata[THREADS];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

int main() {
  const unsigned int n = 1024;
  const unsigned int blocks = n / THREADS;
  float *h = (float *)malloc(n * sizeof(float));
  for (unsigned int i = 0; i < n; i++)
    h[i] = 1.0f;
  float *in, *out;
  cudaMalloc(&in, n * sizeof(float));
  cudaMalloc(&out, blocks * sizeof(float));
  cudaMemcpy(in, h, n * sizeof(float), cudaMemcpyHostToDevice);

  reduce<<<blocks, THREADS>>>(in, out, n);
  cudaDeviceSynchronize();

  cudaMemcpy(h, out, blocks * sizeof(float), cudaMemcpyDeviceToHost);
  printf("block sums: %f %f %f %f\n", h[0], h[1], h[2], h[3]);
  cudaFree(in);
  cudaFree(out);
  free(h);
  return 0;
}
