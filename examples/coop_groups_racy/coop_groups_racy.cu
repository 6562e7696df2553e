// coop_groups_racy: coop_groups_ok without the block.sync() between the
// tiles' stores of their sums and the block's first thread reading them:
// that thread (tile 0) may read the slot of tile 1 while tile 1's first
// thread stores it. The grid-stride reads and the per-block stores stay
// race-free: the grid's thread_rank(), size() and block_rank() are the
// linear thread index, the grid's threads and the linear block index.
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
    warp_sums[tile.meta_group_rank()] = sum; // want "intra-block write-read race on shared warp_sums with line 31"
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
