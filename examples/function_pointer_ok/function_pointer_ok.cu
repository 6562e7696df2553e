// function_pointer_ok: a kernel that calls one of a table of device
// functions through a pointer, chosen by a parameter.
//
// apply() calls d_ops[op](v, i). hgrd resolves a call through a function
// pointer to the functions whose address the device code takes and whose
// type is the call's: scale and shift, both of which the table holds.
// Each reads and writes v[i] of its own thread only, so whichever the
// pointer holds, threads touch distinct elements: race-free.
#include <cstdio>

#define N 256
#define THREADS 64

typedef void (*op_t)(float *, int);

__device__ void scale(float *v, int i) { v[i] = v[i] * 2.0f; }
__device__ void shift(float *v, int i) { v[i] = v[i] + 1.0f; }

__device__ op_t d_ops[2] = {scale, shift};

__global__ void apply(float *v, int op, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    d_ops[op](v, i);
}

int main() {
  float *v;
  cudaMalloc(&v, N * sizeof(float));
  cudaMemset(v, 0, N * sizeof(float));
  apply<<<N / THREADS, THREADS>>>(v, 0, N);
  apply<<<N / THREADS, THREADS>>>(v, 1, N);
  cudaDeviceSynchronize();
  cudaFree(v);
  return 0;
}
