// block_broadcast_loop_racy: block_broadcast_loop_ok without the barrier
// that ends each round.
//
// Thread 0 may go on to round r + 1 and write the next owner while other
// threads still load owner in round r: its write races with their reads,
// within its warp and across warps. hgrd reports that race, the cause; it
// does not report what follows from it (a thread that read the next
// round's owner may write round r's slot beside round r's owner), since
// it reads the loads of owner as race-free once their race is reported.
#define BLOCKS 8
#define ROUNDS 16
#define THREADS 128

__global__ void round_owners(const float *in, float *out, int rounds) {
  __shared__ int owner;
  for (int r = 0; r < rounds; ++r) {
    if (threadIdx.x == 0)
      owner = (int)(in[blockIdx.x * rounds + r] * blockDim.x) % blockDim.x; // want "intra-block (read-write|write-read) race on shared owner with line 20" "intra-warp (read-write|write-read) race on shared owner with line 20"
    __syncthreads();
    int o = owner;
    if (threadIdx.x == o)
      out[blockIdx.x * rounds + r] = in[blockIdx.x * rounds + r] + threadIdx.x;
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
