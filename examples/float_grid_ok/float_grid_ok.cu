// float_grid_ok: integers the host computes through floating point, such
// as (int)ceil(n / 64.0), are known from the integers they come from.
//
// Each of 64 blocks owns a tile of ceil(n / 64) elements and its 64
// threads write the tile's first 64: with n at least 4096 a tile has at
// least 64 elements, so tiles do not overlap.
#include <cassert>
#include <cmath>
#include <cstdlib>

__global__ void fill_tiles(float *out, int tile) {
  out[blockIdx.x * tile + threadIdx.x] = threadIdx.x;
}

int main(int argc, char **argv) {
  int n = atoi(argv[1]);
  assert(n >= 4096 && n <= (1 << 20));
  int tile = (int)ceil(n / 64.0);
  float *out;
  cudaMalloc(&out, 64 * tile * sizeof(float));
  fill_tiles<<<64, 64>>>(out, tile);

  int blocks = (int)ceilf(n / 256.0f);
  fill_tiles<<<blocks, 256>>>(out, 256);
  return 0;
}
