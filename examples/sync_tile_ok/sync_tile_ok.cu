// sync_tile_ok: cooperative-groups barriers -- a tile's sync() orders the
// tile, the block's sync() orders the block.
//
// tile_mirror is launched <<<2, dim3(32, 2)>>>: lane l = threadIdx.x of
// warp w = threadIdx.y (block.thread_rank() = 32 * w + l), and the block is
// cut into tiles of 16 consecutive threads (tiled_partition<16>), two per
// warp.
//   - s[w][l] is stored, then tile.sync(), then s[w][l ^ 15] is read: lane
//     l ^ 15 is in l's tile (same w, same l / 16), so both lanes are in the
//     tile's mask: ordered.
//   - block.sync() (that is __syncthreads()) separates that read from the
//     second store of s[w][l], and the second store from the read of
//     s[1 - w][31 - l], which lane 31 - l of the other warp stored:
//     ordered.
// Each thread stores only its own element. Race-free.
#include <cooperative_groups.h>
#include <cstdio>

namespace cg = cooperative_groups;

#define BLOCKS 2
#define WARPS 2
#define N (BLOCKS * WARPS * 32)

__global__ void tile_mirror(const int *in, int *out) {
  __shared__ int s[WARPS][32];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<16> tile = cg::tiled_partition<16>(block);
  unsigned int l = threadIdx.x, w = threadIdx.y;
  unsigned int i = blockIdx.x * WARPS * 32 + block.thread_rank();

  s[w][l] = in[i];
  tile.sync();
  int mirrored = s[w][l ^ 15];
  block.sync();
  s[w][l] = mirrored;
  block.sync();
  out[i] = s[1 - w][31 - l];
}

int main() {
  int h[N];
  for (int i = 0; i < N; i++)
    h[i] = i;
  int *in, *out;
  cudaMalloc(&in, N * sizeof(int));
  cudaMalloc(&out, N * sizeof(int));
  cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);

  tile_mirror<<<BLOCKS, dim3(32, WARPS)>>>(in, out);
  cudaDeviceSynchronize();

  cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
  printf("out[0] = %d (48 expected)\n", h[0]);
  cudaFree(in);
  cudaFree(out);
  return 0;
}
