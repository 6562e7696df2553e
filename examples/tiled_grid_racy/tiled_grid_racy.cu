// tiled_grid_racy: tiled_grid_ok with the tile row taken by the wrong
// count: blockIdx.x / H_grid, the tiles of a column, instead of
// blockIdx.x / W_grid, the tiles of a row.
//
// Where the image is taller than it is wide in tiles (H_grid > W_grid),
// two blocks get the same tile: with W_grid = 1 and H_grid = 2 (Wout = 16,
// Hout = 32), blocks 0 and 1 both have tile row 0 and tile column 0, so
// thread (tx, ty) of each adds to the same pixel, each reading it and
// writing its sum: write-write and write-read races between blocks
// (inter-block). Within a block, (tx, ty) tells pixels apart.
#include <cstdio>
#include <cstdlib>

#define TILE 16

__global__ void accumulate(const float *x, float *y, int Hout, int Wout, int W_grid, int H_grid) {
  int h = blockIdx.x / H_grid * TILE + threadIdx.y;
  int w = blockIdx.x % W_grid * TILE + threadIdx.x;
  int n = blockIdx.y;
  if (h < Hout && w < Wout) {
    float s = x[(n * Hout + h) * Wout + w];
    y[(n * Hout + h) * Wout + w] += s; // want "inter-block write-write race on global y with line 22" "inter-block (write-read|read-write) race on global y with line 22"
  }
}

int main(int argc, char **argv) {
  if (argc < 4)
    return 1;
  int N = atoi(argv[1]), Hout = atoi(argv[2]), Wout = atoi(argv[3]);
  int W_grid = (Wout + TILE - 1) / TILE;
  int H_grid = (Hout + TILE - 1) / TILE;
  size_t bytes = (size_t)N * Hout * Wout * sizeof(float);
  float *x, *y;
  cudaMalloc(&x, bytes);
  cudaMalloc(&y, bytes);
  cudaMemset(x, 0, bytes);
  cudaMemset(y, 0, bytes);
  dim3 grid(H_grid * W_grid, N);
  dim3 block(TILE, TILE);
  accumulate<<<grid, block>>>(x, y, Hout, Wout, W_grid, H_grid);
  cudaDeviceSynchronize();
  printf("done\n");
  cudaFree(x);
  cudaFree(y);
  return 0;
}
