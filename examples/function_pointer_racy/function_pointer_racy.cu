// function_pointer_racy: a table of device functions called through a
// pointer, one of which reads its neighbour's element.
//
// apply() calls d_ops[op](v, i), launched <<<4, 64>>> with n = 256. hgrd
// resolves the pointer to every function whose address the device code
// takes with the call's type: scale and smooth. smooth stores v[i] and
// loads v[i + 1], which thread i + 1 stores: thread 63 reads what thread 64
// of the next block writes (inter-block), thread 31 what thread 32 of its
// block writes (intra-block), thread 0 what thread 1 writes (intra-warp).
// The races are reported in smooth, where the accesses are.
#include <cstdio>

#define N 256
#define THREADS 64

typedef void (*op_t)(float *, int, int);

__device__ void scale(float *v, int i, int n) { v[i] = v[i] * 2.0f; }

__device__ void smooth(float *v, int i, int n) {
  float right = i + 1 < n ? v[i + 1] : 0.0f; // want "inter-block (read-write|write-read) race on global v with line 22" "intra-block (read-write|write-read) race on global v with line 22" "intra-warp (read-write|write-read) race on global v with line 22"
  v[i] = (v[i] + right) / 2.0f;
}

__device__ op_t d_ops[2] = {scale, smooth};

__global__ void apply(float *v, int op, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    d_ops[op](v, i, n);
}

int main() {
  float *v;
  cudaMalloc(&v, N * sizeof(float));
  cudaMemset(v, 0, N * sizeof(float));
  apply<<<N / THREADS, THREADS>>>(v, 1, N);
  cudaDeviceSynchronize();
  cudaFree(v);
  return 0;
}
