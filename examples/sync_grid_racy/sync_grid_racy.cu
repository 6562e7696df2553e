// sync_grid_racy: sync_grid_ok with this_thread_block().sync() where
// grid.sync() belongs -- a block barrier does not order other blocks
// (iGUARD's cooperative-groups race).
//
//
//
// rotate_blocks is launched cooperatively (cudaLaunchCooperativeKernel)
// with 4 blocks of 64 threads, a launch whose shape hgrd reads.
// Thread t of block b, i = b * 64 + t,
// stores data[i], syncs its block, reads data[(i + 64) % 256], syncs its
// block, and stores data[i] again:
//   - thread 0 of block 1 stores data[64] (first store) while thread 0 of
//     block 0 reads it: inter-block write-read;
//   - thread 0 of block 0 reads data[64] while thread 0 of block 1 stores
//     it again (second store): inter-block read-write.
// Within a block the accesses to one element are by one thread: no other
// kind, and the two stores of data[i] are by the same thread.
#include <cooperative_groups.h>
#include <cstdio>

namespace cg = cooperative_groups;

#define BLOCKS 4
#define THREADS 64
#define N (BLOCKS * THREADS)

__global__ void rotate_blocks(const int *in, int *data, int *out) {
  cg::thread_block block = cg::this_thread_block();
  unsigned int i = blockIdx.x * THREADS + threadIdx.x;
  data[i] = in[i] * 2; // want "inter-block write-read race on global data with line 32"
  block.sync();        // should be cg::this_grid().sync()
  out[i] = data[(i + THREADS) % N]; // want "inter-block read-write race on global data with line 34"
  block.sync();
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
