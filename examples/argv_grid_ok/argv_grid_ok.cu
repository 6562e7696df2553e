// argv_grid_ok: a launch whose block count comes from the command line.
//
// main launches stamp<<<blocks, 256>>> with blocks = atoi(argv[1]): the
// host code bounds nothing. Each thread stores v[i] for its linear index
// i = blockIdx.x * blockDim.x + threadIdx.x, computed in 32 bits. Only a
// grid of more than 2^31 threads along x would make two threads share an
// i (the index wraps), and the launch model takes the grid's threads along
// a dimension to fit in an int: race-free. With --any-launch, blocks =
// 2^24 makes thread 0 of block 0 and thread 0 of block 2^24 store v[0].
#include <cstdlib>

#define THREADS 256

__global__ void stamp(int *v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  v[i] = i;
}

int main(int argc, char **argv) {
  int blocks = argc > 1 ? atoi(argv[1]) : 16;
  size_t n = (size_t)blocks * THREADS;
  int *v;
  cudaMalloc(&v, n * sizeof(int));
  stamp<<<blocks, THREADS>>>(v);
  cudaDeviceSynchronize();
  cudaFree(v);
  return 0;
}
