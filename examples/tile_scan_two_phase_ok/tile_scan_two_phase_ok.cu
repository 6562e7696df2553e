// tile_scan_two_phase_ok: tile_scan_ok made an exclusive scan, with a
// second loop of rounds (the down-sweep) after the first, each round
// beginning with a barrier; still no barrier ends a tile.
//
// A thread that reaches the next tile went through both loops of rounds.
// hgrd cannot tell from the graph alone that either loop runs at all, so
// the tile loop counts as one without a barrier on every path around it;
// but a thread that entered the second loop and left it without a barrier
// of its own left it from its first round, where d = 1 < TILE does not
// let it leave. So the next tile's writes only follow the second loop's
// last round, where each thread works on its own slots 2t and 2t + 1.
#include <cstdlib>

#define TILE 256

__global__ void tile_scan(long tiles, int *out, const int *in) {
  __shared__ int s[TILE];
  for (long tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    const int *src = in + tile * TILE;
    int t = threadIdx.x;
    int stride = 1;
    s[2 * t] = src[2 * t];
    s[2 * t + 1] = src[2 * t + 1];
    for (int d = TILE / 2; d > 0; d >>= 1) {
      __syncthreads();
      if (t < d)
        s[stride * (2 * t + 2) - 1] += s[stride * (2 * t + 1) - 1];
      stride *= 2;
    }
    if (t == 0)
      s[TILE - 1] = 0;
    for (int d = 1; d < TILE; d *= 2) {
      stride >>= 1;
      __syncthreads();
      if (t < d) {
        int x = s[stride * (2 * t + 1) - 1];
        s[stride * (2 * t + 1) - 1] = s[stride * (2 * t + 2) - 1];
        s[stride * (2 * t + 2) - 1] += x;
      }
    }
    out[tile * TILE + 2 * t] = s[2 * t];
    out[tile * TILE + 2 * t + 1] = s[2 * t + 1];
  }
}

int main(int argc, char **argv) {
  long tiles = argc > 1 ? atol(argv[1]) : 64;
  int *in, *out;
  cudaMalloc(&in, tiles * TILE * sizeof(int));
  cudaMalloc(&out, tiles * TILE * sizeof(int));
  tile_scan<<<16, TILE / 2>>>(tiles, out, in);
  cudaDeviceSynchronize();
  return 0;
}
