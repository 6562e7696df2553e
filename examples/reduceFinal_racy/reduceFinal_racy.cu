// reduceFinal_racy: reduceFinal_ok with the final kernel launched with as
// many blocks as the first one (HGRD paper, figure 2, host fact broken).
//
// Host fact broken: reduceFinal<<<blocks, THREADS>>> instead of <<<1, ...>>>.
// Thread 0 of every block writes res[0]: with n = 512 (2 blocks), thread 0
// of block 0 and thread 0 of block 1 -- an inter-block write-write race. In
// one block only thread 0 writes, so there is no intra-block or intra-warp
// race; blockReduce stays race-free (each block writes its own partial[b]).
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
    res[0] = sdata[0]; // want "inter-block write-write race on global res with line 43"
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
  reduceFinal<<<blocks, THREADS>>>(partial, res, blocks); // one block per chunk: wrong
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
