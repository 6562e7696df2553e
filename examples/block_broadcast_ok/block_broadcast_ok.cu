// block_broadcast_ok: a value one thread works out and the whole block
// reads from shared memory after a barrier.
//
// Thread 0 of each block finds which of its threads holds the block's last
// element (the array ends inside the last block: n = 1000, 8 blocks of
// 128) and writes it to shared memory; after __syncthreads every thread
// loads it, and only that thread writes the block's summary slot. The
// threads of a block load the one shared location between the same two
// barriers, with no write to it in between, so they read one value: one
// thread per block writes out[blockIdx.x]. Race-free.
#define N 1000
#define THREADS 128

__global__ void tail_summary(const float *in, float *out, int n) {
  __shared__ int last;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0) {
    int remaining = n - blockIdx.x * blockDim.x;
    last = min(remaining, (int)blockDim.x) - 1;
  }
  __syncthreads();
  int owner = last;
  if (threadIdx.x == owner)
    out[blockIdx.x] = in[i] + threadIdx.x;
}

int main() {
  int blocks = (N + THREADS - 1) / THREADS;
  float *in, *out;
  cudaMalloc(&in, N * sizeof(float));
  cudaMalloc(&out, blocks * sizeof(float));
  tail_summary<<<blocks, THREADS>>>(in, out, N);
  cudaDeviceSynchronize();
  return 0;
}
