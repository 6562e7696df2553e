// curand_racy: cuRAND device states shared by threads that must not share
// them.
//
// draw passes one state, &states[blockIdx.x], to every thread of a block:
// each draw reads and writes it, so the threads of a block race on it,
// between warps and within a warp. The race is reported at the call.
//
// mtgp_draw shares one MTGP32 state between its two blocks: the library
// lets one state serve the threads of one block only. Thread t of block 0
// and thread t of block 1 write the same slot of the state's window
// (inter-block). Its 128 threads per block are within the 256 a state
// serves: no race within a block.
#include <curand_kernel.h>

#define N 1024
#define THREADS 128

__global__ void draw(curandState *states, float *out) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  out[id] = curand_uniform(&states[blockIdx.x]); // want "intra-block write-write race on global states with line 20" "intra-warp write-write race on global states with line 20" "intra-block (read-write|write-read) race on global states with line 20" "intra-warp (read-write|write-read) race on global states with line 20"
}

__global__ void mtgp_draw(curandStateMtgp32_t *state, unsigned int *out) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = curand(state); // want "inter-block write-write race on global state with line 24" "inter-block (read-write|write-read) race on global state with line 24"
}

int main() {
  curandState *states;
  curandStateMtgp32_t *mtgp;
  float *out;
  unsigned int *bits;
  cudaMalloc(&states, (N / THREADS) * sizeof(curandState));
  cudaMalloc(&mtgp, sizeof(curandStateMtgp32_t));
  cudaMalloc(&out, N * sizeof(float));
  cudaMalloc(&bits, 2 * THREADS * sizeof(unsigned int));
  draw<<<N / THREADS, THREADS>>>(states, out);
  mtgp_draw<<<2, THREADS>>>(mtgp, bits);
  cudaDeviceSynchronize();
  return 0;
}
