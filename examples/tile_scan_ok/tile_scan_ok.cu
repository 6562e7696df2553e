// tile_scan_ok: a grid-stride loop over tiles, each reduced in shared
// memory by a loop with a barrier at the top of every round (the shape of
// HeCBench's scan).
//
// No barrier ends a tile: a thread that leaves the rounds goes on to the
// next tile and writes its slots while others may still be in the last
// round. It left the rounds from the last one, d = 1, where only thread 0
// works, on slots 0 and 1; and each thread writes only its own two slots
// 2t and 2t + 1. So thread 0's last round and the next tile's writes
// touch no slot in common between two threads: no race.
#include <cstdlib>

#define TILE 256

__global__ void tile_sums(long tiles, int *sums, const int *in) {
  __shared__ int s[TILE];
  for (long tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    const int *src = in + tile * TILE;
    int t = threadIdx.x;
    s[2 * t] = src[2 * t];
    s[2 * t + 1] = src[2 * t + 1];
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
