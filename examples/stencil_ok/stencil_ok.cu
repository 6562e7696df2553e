// stencil_ok: a 1D stencil with a halo in shared memory, race-free.
//
// Each block of 128 threads loads its 128 inputs into temp[3..130], and its
// first 3 threads also load the halos temp[0..2] and temp[131..133]: every
// element of temp is stored by exactly one thread. __syncthreads() orders
// the stores before the reads of the 7-point window. The input is padded
// by RADIUS on both sides; out[g] is written by thread g alone. Launched
// <<<8, 128>>> on 1024 outputs.
#include <cstdio>
#include <cstdlib>

#define RADIUS 3
#define BLOCK 128
#define N 1024

__global__ void stencil_1d(const int *in, int *out) {
  __shared__ int temp[BLOCK + 2 * RADIUS];
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int l = threadIdx.x + RADIUS;

  temp[l] = in[g + RADIUS];
  if (threadIdx.x < RADIUS) {
    temp[l - RADIUS] = in[g];
    temp[l + BLOCK] = in[g + RADIUS + BLOCK];
  }
  __syncthreads();

  int result = 0;
  for (int off = -RADIUS; off <= RADIUS; off++)
    result += temp[l + off];
  out[g] = result;
}

int main() {
  const int padded = N + 2 * RADIUS;
  int *h = (int *)malloc(padded * sizeof(int));
  for (int i = 0; i < padded; i++)
    h[i] = 1;
  int *in, *out;
  cudaMalloc(&in, padded * sizeof(int));
  cudaMalloc(&out, N * sizeof(int));
  cudaMemcpy(in, h, padded * sizeof(int), cudaMemcpyHostToDevice);

  stencil_1d<<<N / BLOCK, BLOCK>>>(in, out);
  cudaDeviceSynchronize();

  cudaMemcpy(h, out, N * sizeof(int), cudaMemcpyDeviceToHost);
  printf("out[0] = %d (7 expected)\n", h[0]);
  cudaFree(in);
  cudaFree(out);
  free(h);
  return 0;
}
