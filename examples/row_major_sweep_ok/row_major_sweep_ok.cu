// row_major_sweep_ok: a wavefront sweep over a matrix of rows of
// `cols` elements, a host value, with each thread writing a column of
// its tile in a loop, as Rodinia's and HeCBench's needleman-wunsch do.
//
// Block bx of diagonal diag owns tile (diag-1-bx, bx): rows
// (diag-1-bx)*BS + 1 + ty and columns bx*BS + 1 + tx. Its elements are
// row*cols + col with col below cols (bx < diag <= bw and cols = bw*BS +
// 1), so two threads' elements are equal only with equal rows and
// columns: the tiles of one diagonal are disjoint. The index multiplies
// two unknowns (the row and cols), which left the solver undecided
// within any budget until hgrd read it as row and column.
#include <cstdio>
#include <cstdlib>

#define BS 16

__global__ void sweep(int *score, int cols, int diag) {
  int bx = blockIdx.x;
  int tx = threadIdx.x;
  int base = cols * BS * (diag - 1 - bx) + BS * bx + tx + (cols + 1);
  for (int ty = 0; ty < BS; ty++)
    score[base + cols * ty] = score[base + cols * ty - cols] + ty;
}

int main(int argc, char **argv) {
  if (argc < 2)
    return 1;
  int bw = atoi(argv[1]); // tiles per row
  int cols = bw * BS + 1;
  int *score;
  cudaMalloc(&score, (size_t)cols * cols * sizeof(int));
  cudaMemset(score, 0, (size_t)cols * cols * sizeof(int));
  for (int diag = 1; diag <= bw; diag++)
    sweep<<<diag, BS>>>(score, cols, diag);
  cudaDeviceSynchronize();
  cudaFree(score);
  return 0;
}
