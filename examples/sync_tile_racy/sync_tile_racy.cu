// sync_tile_racy: a tile's sync() does not order it with the other tiles of
// its warp.
//
// tile_neighbour is launched <<<2, dim3(32, 2)>>>: lane l = threadIdx.x of
// warp w = threadIdx.y; the block is cut into tiles of 8 consecutive
// threads (tiled_partition<8>), four per warp. Every lane stores s[w][l],
// calls tile.sync(), then reads
//   - s[w][l ^ 7], in its own tile: ordered by tile.sync();
//   - s[w][l ^ 8], in the neighbouring tile of the same warp, whose sync()
//     has another mask: lane 8 stores s[0][8] while lane 0 reads it, an
//     intra-warp write-read race.
// Each lane stores only its own element, and warps never read another
// warp's row: no intra-block race.
#include <cooperative_groups.h>
#include <cstdio>

namespace cg = cooperative_groups;

#define BLOCKS 2
#define WARPS 2
#define N (BLOCKS * WARPS * 32)

__global__ void tile_neighbour(const int *in, int *out) {
  __shared__ int s[WARPS][32];
  cg::thread_block_tile<8> tile = cg::tiled_partition<8>(cg::this_thread_block());
  unsigned int l = threadIdx.x, w = threadIdx.y;
  unsigned int i = (blockIdx.x * WARPS + w) * 32 + l;

  s[w][l] = in[i]; // want "intra-warp write-read race on shared s with line 32"
  tile.sync();
  int own = s[w][l ^ 7];   // same tile: ordered
  int other = s[w][l ^ 8]; // neighbouring tile of the warp: not ordered
  out[i] = own + other;
}

int main() {
  int h[N];
  for (int i = 0; i < N; i++)
    h[i] = i;
  int *in, *out;
  cudaMalloc(&in, N * sizeof(int));
  cudaMalloc(&out, N * sizeof(int));
  cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);

  tile_neighbour<<<BLOCKS, dim3(32, WARPS)>>>(in, out);
  cudaDeviceSynchronize();

  cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
  printf("out[0] = %d (15 expected)\n", h[0]);
  cudaFree(in);
  cudaFree(out);
  return 0;
}
