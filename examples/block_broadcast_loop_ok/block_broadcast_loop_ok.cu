// block_broadcast_loop_ok: a value thread 0 picks in each round of a loop
// and the block reads from shared memory between the round's barriers.
//
// In round r, thread 0 of a block picks which thread owns the round (from
// the input) and writes it to owner; after __syncthreads every thread
// loads it, and only the owner writes the round's slot of the block. The
// threads of a block load owner in the same round between the same two
// barriers (the round ends with one, so no thread picks the next owner
// while others still read this one): they read one value, and one thread
// writes out[blockIdx.x * rounds + r]. Race-free.
#define BLOCKS 8
#define ROUNDS 16
#define THREADS 128

__global__ void round_owners(const float *in, float *out, int rounds) {
  __shared__ int owner;
  for (int r = 0; r < rounds; ++r) {
    if (threadIdx.x == 0)
      owner = (int)(in[blockIdx.x * rounds + r] * blockDim.x) % blockDim.x;
    __syncthreads();
    int o = owner;
    if (threadIdx.x == o)
      out[blockIdx.x * rounds + r] = in[blockIdx.x * rounds + r] + threadIdx.x;
    __syncthreads();
  }
}

int main() {
  float *in, *out;
  cudaMalloc(&in, BLOCKS * ROUNDS * sizeof(float));
  cudaMalloc(&out, BLOCKS * ROUNDS * sizeof(float));
  round_owners<<<BLOCKS, THREADS>>>(in, out, ROUNDS);
  cudaDeviceSynchronize();
  return 0;
}
