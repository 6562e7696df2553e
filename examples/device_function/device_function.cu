// device_function: a race inside a __device__ function the kernel calls.
//
// accumulate() adds v to *acc with a plain load and store. sum_racy calls it
// from every thread on the same total, launched <<<4, 64>>> with n = 256,
// so all threads load and store total[0]: the store races with itself and
// with the load, between blocks (threads 0 and 64), between warps of a
// block (threads 0 and 32) and between lanes of a warp (threads 0 and 1).
// The races are reported at the line in accumulate(), on the kernel's
// parameter total.
//
// sum_ok calls accumulate_atomic(), whose atomicAdd never races with
// another atomicAdd: race-free.
#include <cstdio>
#include <cstdlib>

#define N 256
#define THREADS 64

__device__ void accumulate(float *acc, float v) {
  *acc = *acc + v; // want "inter-block write-write race on global total with line 20" "intra-block write-write race on global total with line 20" "intra-warp write-write race on global total with line 20" "inter-block (read-write|write-read) race on global total with line 20" "intra-block (read-write|write-read) race on global total with line 20" "intra-warp (read-write|write-read) race on global total with line 20"
}

__device__ void accumulate_atomic(float *acc, float v) {
  atomicAdd(acc, v);
}

__global__ void sum_racy(const float *in, float *total, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    accumulate(total, in[i]);
}

__global__ void sum_ok(const float *in, float *total, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    accumulate_atomic(total, in[i]);
}

int main() {
  float h[N];
  for (int i = 0; i < N; i++)
    h[i] = 1.0f;
  float *in, *racy, *exact;
  cudaMalloc(&in, N * sizeof(float));
  cudaMalloc(&racy, sizeof(float));
  cudaMalloc(&exact, sizeof(float));
  cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);
  cudaMemset(racy, 0, sizeof(float));
  cudaMemset(exact, 0, sizeof(float));

  sum_racy<<<N / THREADS, THREADS>>>(in, racy, N);
  sum_ok<<<N / THREADS, THREADS>>>(in, exact, N);
  cudaDeviceSynchronize();

  float r, e;
  cudaMemcpy(&r, racy, sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(&e, exact, sizeof(float), cudaMemcpyDeviceToHost);
  printf("racy sum %f, atomic sum %f (256 expected)\n", r, e);
  cudaFree(in);
  cudaFree(racy);
  cudaFree(exact);
  return 0;
}
