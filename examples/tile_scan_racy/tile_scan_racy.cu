// tile_scan_racy: tile_scan_ok with each thread's two slots t and
// t + TILE/2 instead of 2t and 2t + 1.
//
// No barrier ends a tile, so thread 1 may write slot 1 of the next tile
// while thread 0, still in the last round (d = 1) of this tile, reads
// slot 1. Threads 0 and 1 are lanes of one warp, so the race is
// intra-warp only: in the last round no thread of another warp touches
// the array. It needs a second tile for the block, which the launch gives
// whenever tiles > 16.
#include <cstdlib>

#define TILE 256

__global__ void tile_sums(long tiles, int *sums, const int *in) {
  __shared__ int s[TILE];
  for (long tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    const int *src = in + tile * TILE;
    int t = threadIdx.x;
    s[t] = src[t]; // want "intra-warp (read-write|write-read) race on shared s with line 24"
    s[t + TILE / 2] = src[t + TILE / 2];
    for (int d = TILE / 2; d > 0; d >>= 1) {
      __syncthreads();
      if (t < d)
        s[t] += s[t + d];
    }
    if (t == 0)
      sums[tile] = s[0];
  }
}

int main(int argc, char **argv) {
  long tiles = argc > 1 ? atol(argv[1]) : 64;
  int *in, *sums;
  cudaMalloc(&in, tiles * TILE * sizeof(int));
  cudaMalloc(&sums, tiles * sizeof(int));
  tile_sums<<<16, TILE / 2>>>(tiles, sums, in);
  cudaDeviceSynchronize();
  return 0;
}
