// tiled_grid_ok: a convolution's output tiles laid out along one grid
// axis, as Kirk and Hwu's 3D convolution (chapter 16) lays them out: block
// x is tile row blockIdx.x / W_grid and tile column blockIdx.x % W_grid,
// W_grid = ceil(Wout / 16) tiles a row; each thread adds its output
// pixel's sum to what the output holds.
//
// Thread (tx, ty) of block (bx, n) adds to pixel (h, w) of image n, h =
// (bx / W_grid) * 16 + ty, w = (bx % W_grid) * 16 + tx, at
// (n * Hout + h) * Wout + w. The guard keeps h < Hout and w < Wout, so
// the pixel index reads back as image, row and column; tx and ty are below
// 16, so equal rows and columns mean equal tile rows and columns, and a
// block's tile row and column (its quotient and remainder by W_grid)
// name it. No two threads meet. Kernel-only reasoning leaves the
// quotient and remainder by an unknown W_grid, times an unknown Wout: a
// product of unknowns the solver can decide only with the row reading of
// the index and what division says of a dividend's quotient and
// remainder.
#include <cstdio>
#include <cstdlib>

#define TILE 16

__global__ void accumulate(const float *x, float *y, int Hout, int Wout, int W_grid) {
  int h = blockIdx.x / W_grid * TILE + threadIdx.y;
  int w = blockIdx.x % W_grid * TILE + threadIdx.x;
  int n = blockIdx.y;
  if (h < Hout && w < Wout) {
    float s = x[(n * Hout + h) * Wout + w];
    y[(n * Hout + h) * Wout + w] += s;
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
  accumulate<<<grid, block>>>(x, y, Hout, Wout, W_grid);
  cudaDeviceSynchronize();
  printf("done\n");
  cudaFree(x);
  cudaFree(y);
  return 0;
}
