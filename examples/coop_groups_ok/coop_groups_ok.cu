// coop_groups_ok: cooperative groups as real code uses them, with their
// values modelled. Each thread sums a grid-stride slice of in (the grid's
// thread_rank() is the linear thread index, its size() the grid's
// threads); a 32-thread tile reduces the sums with shfl_down and its
// first thread (thread_rank() 0) stores the tile's sum in its
// meta_group_rank() slot of shared memory; after block.sync() the block's
// first thread adds the slots and stores them at the block's block_rank().
// Every slot has one writer, and the barrier orders the slots' writes
// before their reads. Race-free.
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

#define BLOCKS 4
#define THREADS 128
#define N 4096

__global__ void partial_sums(const int *in, int *out) {
  cg::grid_group grid = cg::this_grid();
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  __shared__ int warp_sums[THREADS / 32];

  int sum = 0;
  for (unsigned long long i = grid.thread_rank(); i < N; i += grid.size())
    sum += in[i];
  for (int offset = 16; offset > 0; offset /= 2)
    sum += tile.shfl_down(sum, offset);
  if (tile.thread_rank() == 0)
    warp_sums[tile.meta_group_rank()] = sum;
  block.sync();
  if (block.thread_rank() == 0) {
    int total = 0;
    for (int w = 0; w < THREADS / 32; w++)
      total += warp_sums[w];
    out[grid.block_rank()] = total;
  }
}

int main() {
  int *in, *out;
  cudaMalloc(&in, N * sizeof(int));
  cudaMalloc(&out, BLOCKS * sizeof(int));
  partial_sums<<<BLOCKS, THREADS>>>(in, out);
  cudaDeviceSynchronize();
  return 0;
}
