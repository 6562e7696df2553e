// row_major_sweep_racy: row_major_sweep_ok's wavefront with tiles that
// also write their bottom row and right column halo: BS + 1 threads per
// block, each writing BS + 1 rows. Block bx's halo row, (diag-1-bx)*BS +
// BS + 1, is the first row of no tile of this diagonal, but its halo
// column bx*BS + BS + 1 is the first column of block bx + 1, whose last
// row is block bx's first row: thread (tx = BS, ty = 0) of block bx and
// thread (tx = 0, ty = BS - 1) of block bx + 1 write one element, and
// block bx + 1 reads, as its row above, what block bx writes.
#include <cstdio>
#include <cstdlib>

#define BS 16

__global__ void sweep(int *score, int cols, int diag) {
  int bx = blockIdx.x;
  int tx = threadIdx.x;
  int base = cols * BS * (diag - 1 - bx) + BS * bx + tx + (cols + 1);
  for (int ty = 0; ty <= BS; ty++)
    score[base + cols * ty] = score[base + cols * ty - cols] + ty; // want "inter-block write-write race on global score with line 19" "inter-block write-read race on global score with line 19"
}

int main(int argc, char **argv) {
  if (argc < 2)
    return 1;
  int bw = atoi(argv[1]); // tiles per row
  int cols = bw * BS + 2;
  int *score;
  cudaMalloc(&score, (size_t)cols * cols * sizeof(int));
  cudaMemset(score, 0, (size_t)cols * cols * sizeof(int));
  for (int diag = 1; diag <= bw; diag++)
    sweep<<<diag, BS + 1>>>(score, cols, diag);
  cudaDeviceSynchronize();
  cudaFree(score);
  return 0;
}
