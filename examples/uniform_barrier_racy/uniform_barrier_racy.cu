// uniform_barrier_racy: uniform_barrier_ok's in-place tile refills, broken
// three ways.
//
// stream_late puts the second barrier above the store: the store that
// refills the tile with chunk c + 1 is then the last thing before the
// loop's back edge, and nothing orders it before the neighbours' reads of
// chunk c + 1, which come before the first barrier. Thread 38, reading
// tile[39] of chunk c + 1, meets thread 39 storing it: intra-warp;
// thread 63, reading tile[0], meets thread 0 of the other warp:
// intra-block.
//
// stream_half refills only from the threads of the first warp, and only
// they wait at the second barrier. A barrier under a condition that
// depends on the thread orders nothing (the threads that skip it would
// wait at another barrier, which CUDA leaves undefined), so the stores of
// chunk c + 1 meet the neighbours' reads of chunk c + 1 as in stream_late:
// thread 63, of the second warp, reads tile[0] which thread 0 stores
// (intra-block), and thread 23 reads tile[24] which thread 24 stores
// (intra-warp).
//
// stream_pairs_early is uniform_barrier_ok's stream_pairs with the
// reload's barrier above the store: in a chunk that reloads, the store
// comes after the last barrier before the neighbour's read of the same
// chunk (thread 0 stores tile[0] while thread 63 reads it: intra-block;
// thread 8 reads tile[9] as thread 9 stores it: intra-warp).
//
// All launched <<<2, 64>>> with 4 chunks.
#include <cstdio>

#define THREADS 64
#define BLOCKS 2
#define CHUNKS 4

__global__ void stream_late(const float *x, const float *w, float *out, int chunks) {
  __shared__ float tile[THREADS];
  unsigned int t = threadIdx.x;
  const float *src = x + blockIdx.x * chunks * THREADS;
  tile[t] = src[t];
  __syncthreads();
  float acc = 0.0f;
  for (int c = 0; c < chunks; c++) {
    float next = 0.0f;
    if (c + 1 < chunks)
      next = src[(c + 1) * THREADS + t];
    acc += tile[(t + 1) % THREADS] * w[t]; // want "intra-block read-write race on shared tile with line 49" "intra-warp read-write race on shared tile with line 49"
    __syncthreads();
    if (c + 1 < chunks) {
      __syncthreads();
      tile[t] = next;
    }
  }
  out[blockIdx.x * THREADS + t] = acc;
}

__global__ void stream_half(const float *x, const float *w, float *out, int chunks) {
  __shared__ float tile[THREADS];
  unsigned int t = threadIdx.x;
  const float *src = x + blockIdx.x * chunks * THREADS;
  tile[t] = src[t];
  __syncthreads();
  float acc = 0.0f;
  for (int c = 0; c < chunks; c++) {
    float next = 0.0f;
    if (c + 1 < chunks)
      next = src[(c + 1) * THREADS + t];
    acc += tile[(t + 1) % THREADS] * w[t]; // want "intra-block read-write race on shared tile with line 69" "intra-warp read-write race on shared tile with line 69"
    __syncthreads();
    if (c + 1 < chunks && t < 32) {
      tile[t] = next;
      __syncthreads();
    }
  }
  out[blockIdx.x * THREADS + t] = acc;
}

__global__ void stream_pairs_early(const float *x, const float *w, float *out, int chunks) {
  __shared__ float tile[THREADS];
  unsigned int t = threadIdx.x;
  const float *src = x + blockIdx.x * chunks * THREADS;
  float acc = 0.0f;
  for (int c = 0; c < chunks; c++) {
    if (c % 2 == 0) {
      __syncthreads();
      tile[t] = src[c * THREADS + t]; // want "intra-block write-read race on shared tile with line 86" "intra-warp write-read race on shared tile with line 86"
    }
    acc += tile[(t + 1) % THREADS] * w[t];
    __syncthreads();
  }
  out[blockIdx.x * THREADS + t] = acc;
}

int main() {
  const int n = BLOCKS * CHUNKS * THREADS;
  float h[n];
  for (int i = 0; i < n; i++)
    h[i] = i;
  float *x, *w, *out;
  cudaMalloc(&x, n * sizeof(float));
  cudaMalloc(&w, THREADS * sizeof(float));
  cudaMalloc(&out, 3 * BLOCKS * THREADS * sizeof(float));
  cudaMemcpy(x, h, sizeof(h), cudaMemcpyHostToDevice);
  cudaMemcpy(w, h, THREADS * sizeof(float), cudaMemcpyHostToDevice);

  stream_late<<<BLOCKS, THREADS>>>(x, w, out, CHUNKS);
  stream_half<<<BLOCKS, THREADS>>>(x, w, out + BLOCKS * THREADS, CHUNKS);
  stream_pairs_early<<<BLOCKS, THREADS>>>(x, w, out + 2 * BLOCKS * THREADS, CHUNKS);
  cudaDeviceSynchronize();

  cudaMemcpy(h, out, 3 * BLOCKS * THREADS * sizeof(float), cudaMemcpyDeviceToHost);
  printf("%f\n", h[0]);
  cudaFree(x);
  cudaFree(w);
  cudaFree(out);
  return 0;
}
