// sync_grid_ok: a cooperative kernel whose grid.sync() orders the blocks.
//
//
//
// rotate_blocks is launched cooperatively (cudaLaunchCooperativeKernel)
// with 4 blocks of 64 threads, a launch whose shape hgrd reads.
// Thread t of block b, i = b * 64 + t:
//   1. stores data[i];
//   2. after grid.sync(), reads data[(i + 64) % 256], which thread t of
//      block b + 1 stored in step 1, and stores out[i];
//   3. after a second grid.sync(), stores data[i] again, which thread t of
//      block b - 1 read in step 2.
// The read of step 2 and the stores of steps 1 and 3 by another block
// (thread 0 of block 1 against thread 0 of block 0) are each separated by
// a grid.sync() that every thread of the grid reaches. Each thread stores
// only its own data[i] and out[i]. Race-free.
#include <cooperative_groups.h>
#include <cstdio>

namespace cg = cooperative_groups;

#define BLOCKS 4
#define THREADS 64
#define N (BLOCKS * THREADS)

__global__ void rotate_blocks(const int *in, int *data, int *out) {
  cg::grid_group grid = cg::this_grid();
  unsigned int i = blockIdx.x * THREADS + threadIdx.x;
  data[i] = in[i] * 2;
  grid.sync();
  out[i] = data[(i + THREADS) % N];
  grid.sync();
  data[i] = out[i] + 1;
}

int main() {
  int h[N];
  for (int i = 0; i < N; i++)
    h[i] = i;
  int *in, *data, *out;
  cudaMalloc(&in, N * sizeof(int));
  cudaMalloc(&data, N * sizeof(int));
  cudaMalloc(&out, N * sizeof(int));
  cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);

  void *args[] = {&in, &data, &out};
  cudaLaunchCooperativeKernel(rotate_blocks, dim3(BLOCKS), dim3(THREADS), args);
  cudaDeviceSynchronize();

  cudaMemcpy(h, data, sizeof(h), cudaMemcpyDeviceToHost);
  printf("data[0] = %d (129 expected)\n", h[0]);
  cudaFree(in);
  cudaFree(data);
  cudaFree(out);
  return 0;
}
