// curand_ok: random numbers drawn on the device with cuRAND's device API.
//
// Each draw reads and writes the generator state it is given, and
// curand_init writes it. setup and draw give every thread a state of its
// own, &states[id]: no two threads touch one state. mtgp_draw shares one
// MTGP32 state among the 256 threads of its single block, as the library
// allows (up to 256 threads of one block per state): each thread reads
// and writes its own slots of the state's window, with barriers around
// the offset's update. Race-free.
#include <curand_kernel.h>

#define N 1024
#define THREADS 256

__global__ void setup(curandState *states, unsigned long long seed) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(seed, id, 0, &states[id]);
}

__global__ void draw(curandState *states, float *out) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  out[id] = curand_uniform(&states[id]);
}

__global__ void mtgp_draw(curandStateMtgp32_t *state, unsigned int *out) {
  out[threadIdx.x] = curand(state);
}

int main() {
  curandState *states;
  curandStateMtgp32_t *mtgp;
  float *out;
  unsigned int *bits;
  cudaMalloc(&states, N * sizeof(curandState));
  cudaMalloc(&mtgp, sizeof(curandStateMtgp32_t));
  cudaMalloc(&out, N * sizeof(float));
  cudaMalloc(&bits, THREADS * sizeof(unsigned int));
  setup<<<N / THREADS, THREADS>>>(states, 1234);
  draw<<<N / THREADS, THREADS>>>(states, out);
  mtgp_draw<<<1, THREADS>>>(mtgp, bits);
  cudaDeviceSynchronize();
  return 0;
}
