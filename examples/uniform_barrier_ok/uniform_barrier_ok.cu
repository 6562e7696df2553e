// uniform_barrier_ok: tiles refilled in place, with the refill's barrier
// under a condition that is the same for every thread.
//
// Each block streams `chunks` tiles of 64 floats through shared memory.
// In every chunk a thread reads its neighbour's slot of the tile, waits at
// the first barrier, then, unless this was the last chunk, overwrites its
// own slot with the next tile (loaded into a register beforehand) and
// waits at a second barrier inside the `if`. The condition c + 1 < chunks
// depends only on the loop counter and a parameter, so all threads of the
// block take the same branch. In a chunk that refills, every thread passes
// both barriers: the first orders the reads of chunk c before the stores
// that refill the tile with chunk c + 1, the second orders those stores
// before the reads of chunk c + 1; in the last chunk nobody stores.
//
// stream_pairs reloads the tile at the top of every other chunk, with the
// reload's barrier inside the `if` (c % 2 == 0, again the same for every
// thread), and ends each chunk at a barrier. Two threads that met at the
// end of chunk c - 1 take the `if` the same way in chunk c: both store and
// wait, or neither stores.
//
// Launched <<<2, 64>>> with 4 chunks: race-free.
//
// uniform_barrier_racy moves the second barrier above the store, or makes
// its condition depend on the thread.
#include <cstdio>

#define THREADS 64
#define BLOCKS 2
#define CHUNKS 4

__global__ void stream(const float *x, const float *w, float *out, int chunks) {
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
    acc += tile[(t + 1) % THREADS] * w[t];
    __syncthreads();
    if (c + 1 < chunks) {
      tile[t] = next;
      __syncthreads();
    }
  }
  out[blockIdx.x * THREADS + t] = acc;
}

__global__ void stream_pairs(const float *x, const float *w, float *out, int chunks) {
  __shared__ float tile[THREADS];
  unsigned int t = threadIdx.x;
  const float *src = x + blockIdx.x * chunks * THREADS;
  float acc = 0.0f;
  for (int c = 0; c < chunks; c++) {
    if (c % 2 == 0) {
      tile[t] = src[c * THREADS + t];
      __syncthreads();
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
  cudaMalloc(&out, 2 * BLOCKS * THREADS * sizeof(float));
  cudaMemcpy(x, h, sizeof(h), cudaMemcpyHostToDevice);
  cudaMemcpy(w, h, THREADS * sizeof(float), cudaMemcpyHostToDevice);

  stream<<<BLOCKS, THREADS>>>(x, w, out, CHUNKS);
  stream_pairs<<<BLOCKS, THREADS>>>(x, w, out + BLOCKS * THREADS, CHUNKS);
  cudaDeviceSynchronize();

  cudaMemcpy(h, out, BLOCKS * THREADS * sizeof(float), cudaMemcpyDeviceToHost);
  printf("%f\n", h[0]);
  cudaFree(x);
  cudaFree(w);
  cudaFree(out);
  return 0;
}
