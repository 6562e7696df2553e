// extern_shared: dynamically sized shared memory without a barrier.
//
// buf is sized by the third launch argument (128 floats for blocks of 128
// threads). shift_racy stores buf[t] and reads the neighbour's
// buf[(t + 1) % 128] with no __syncthreads() in between: thread 0 reads
// buf[1] while lane 1 of its warp stores it (intra-warp write-read), thread
// 31 reads buf[32] while thread 32 of warp 1 stores it (intra-block
// write-read). shift_ok has the barrier: race-free. Both <<<4, 128, 512>>>.
#include <cstdio>

#define N 512
#define THREADS 128

extern __shared__ float buf[];

__global__ void shift_racy(const float *in, float *out) {
  unsigned int t = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + t;
  buf[t] = in[i]; // want "intra-block write-read race on shared buf with line 20" "intra-warp write-read race on shared buf with line 20"
  out[i] = buf[(t + 1) % blockDim.x];
}

__global__ void shift_ok(const float *in, float *out) {
  unsigned int t = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + t;
  buf[t] = in[i];
  __syncthreads();
  out[i] = buf[(t + 1) % blockDim.x];
}

int main() {
  float h[N];
  for (int i = 0; i < N; i++)
    h[i] = i;
  float *in, *out;
  cudaMalloc(&in, N * sizeof(float));
  cudaMalloc(&out, N * sizeof(float));
  cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);

  size_t shmem = THREADS * sizeof(float);
  shift_racy<<<N / THREADS, THREADS, shmem>>>(in, out);
  shift_ok<<<N / THREADS, THREADS, shmem>>>(in, out);
  cudaDeviceSynchronize();

  cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
  printf("out[0] = %f (1 expected)\n", h[0]);
  cudaFree(in);
  cudaFree(out);
  return 0;
}
