// power_grid_ok: a power of two the host computes through floating point,
// (int)pow(2, k), is known as 1 << k.
//
// Each of 64 blocks owns a tile of 2^k elements and its 64 threads write
// the tile's first 64: with k at least 6 a tile has at least 64 elements,
// so tiles do not overlap.
#include <cassert>
#include <cmath>
#include <cstdlib>

__global__ void fill_tiles(float *out, int tile) {
  out[blockIdx.x * tile + threadIdx.x] = threadIdx.x;
}

int main(int argc, char **argv) {
  int k = atoi(argv[1]);
  assert(k >= 6 && k <= 20);
  int tile = (int)pow(2, k);
  float *out;
  cudaMalloc(&out, 64 * tile * sizeof(float));
  fill_tiles<<<64, 64>>>(out, tile);

  int wide = (int)exp2f(k + 1);
  fill_tiles<<<64, 64>>>(out, wide);
  return 0;
}
