// histogram_ok: a privatised histogram with atomics, race-free.
//
// Each block clears a shared histogram, counts its part of the input into
// it with atomicAdd on shared memory, then adds it into the global bins
// with atomicAdd. Atomics never race with each other, in a block or across
// blocks. The plain stores that clear the bins and the plain loads that
// read them back are separated from the atomics by __syncthreads(), and
// each plain access to local[b] is made by one thread (b = threadIdx.x +
// k * blockDim.x). Launched <<<8, 256>>> over 100000 bytes.
#include <cstdio>
#include <cstdlib>

#define BINS 256

__global__ void histogram(const unsigned char *data, int n, unsigned int *bins) {
  __shared__ unsigned int local[BINS];
  for (int b = threadIdx.x; b < BINS; b += blockDim.x)
    local[b] = 0;
  __syncthreads();

  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&local[data[i]], 1u);
  __syncthreads();

  for (int b = threadIdx.x; b < BINS; b += blockDim.x)
    atomicAdd(&bins[b], local[b]);
}

int main() {
  const int n = 100000;
  unsigned char *h = (unsigned char *)malloc(n);
  for (int i = 0; i < n; i++)
    h[i] = (unsigned char)(i * 7);
  unsigned char *data;
  unsigned int *bins;
  cudaMalloc(&data, n);
  cudaMalloc(&bins, BINS * sizeof(unsigned int));
  cudaMemcpy(data, h, n, cudaMemcpyHostToDevice);
  cudaMemset(bins, 0, BINS * sizeof(unsigned int));

  histogram<<<8, 256>>>(data, n, bins);
  cudaDeviceSynchronize();

  unsigned int counts[BINS];
  cudaMemcpy(counts, bins, sizeof(counts), cudaMemcpyDeviceToHost);
  printf("bin 0: %u\n", counts[0]);
  cudaFree(data);
  cudaFree(bins);
  free(h);
  return 0;
}
