// reduceFinal_ok: the grid dimension set by the host makes a kernel
// race-free (HGRD paper, figure 2: the reduction program of the CUDA samples).
// (The directory is not named reduction_ok: that name holds another case.)
//
// blockReduce reduces each block's chunk of `in` into partial[blockIdx.x];
// reduceFinal reduces the partial sums and thread 0 writes res[0].
// Host fact: reduceFinal is always launched with ONE block (<<<1, THREADS>>>),
// so threadIdx.x == 0 selects a single thread and res[0] has one writer.
// Launched with several blocks (reduceFinal_racy), thread 0 of every block
// writes res[0].
#include <cstdio>
#include <cstdlib>

#define THREADS 256

__global__ void blockReduce(const float *in, float *partial, int n) {
  __shared__ float sdata[THREADS];
  int tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? in[i] : 0.0f;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    partial[blockIdx.x] = sdata[0];
}

__global__ void reduceFinal(const float *partial, float *res, int numPartial) {
  __shared__ float sdata[THREADS];
  int tid = threadIdx.x;
  float sum = 0.0f;
  for (int k = tid; k < numPartial; k += blockDim.x)
    sum += partial[k];
  sdata[tid] = sum;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    res[0] = sdata[0];
}

int main(int argc, char **argv) {
  if (argc < 2)
    return 1;
  int n = atoi(argv[1]);
  int blocks = (n + THREADS - 1) / THREADS;
  float *h = (float *)malloc(n * sizeof(float));
  for (int k = 0; k < n; k++)
    h[k] = 1.0f;
  float *in, *partial, *res;
  cudaMalloc(&in, n * sizeof(float));
  cudaMalloc(&partial, blocks * sizeof(float));
  cudaMalloc(&res, sizeof(float));
  cudaMemcpy(in, h, n * sizeof(float), cudaMemcpyHostToDevice);

  blockReduce<<<blocks, THREADS>>>(in, partial, n);
  reduceFinal<<<1, THREADS>>>(partial, res, blocks); // always one block
  cudaDeviceSynchronize();

  float sum;
  cudaMemcpy(&sum, res, sizeof(float), cudaMemcpyDeviceToHost);
  printf("sum = %f\n", sum);
  cudaFree(in);
  cudaFree(partial);
  cudaFree(res);
  free(h);
  return 0;
}
