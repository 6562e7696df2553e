// power_grid_racy: a power of two the host computes through floating
// point that still lets threads collide.
//
// Each of 64 blocks owns a tile of 2^k elements and its 64 threads write
// the tile's first 64; k may be as small as 4, and a tile of 16 elements
// overlaps the next three.
#include <cassert>
#include <cmath>
#include <cstdlib>

__global__ void fill_tiles(float *out, int tile) {
  out[blockIdx.x * tile + threadIdx.x] = threadIdx.x; // want "inter-block write-write race on global out with line 12"
}

int main(int argc, char **argv) {
  int k = atoi(argv[1]);
  assert(k >= 4 && k <= 20);
  int tile = (int)pow(2, k);
  float *out;
  cudaMalloc(&out, 64 * tile * sizeof(float));
  fill_tiles<<<64, 64>>>(out, tile);
  return 0;
}
