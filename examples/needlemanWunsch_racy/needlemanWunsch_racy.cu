// needlemanWunsch_racy: needlemanWunsch_ok with the diagonal loop bound off
// by one (diag <= bw + 1), so the loop no longer bounds the tile parameter.
//
// In the last launch (diag = bw + 1) block bx = bw fills tile (0, bw), whose
// columns bw*16 + 1 + tx = cols + tx wrap to row + 1, column tx. With bw = 1
// (cols = 17) block 1's cell (ty = 15, tx) lands on row 17, column tx, which
// block 0 (tile (1, 0): rows 17..32, columns 1..16) writes as
// (ty = 0, tx - 1), for tx >= 1: an inter-block write-write race.
// The off-by-one bound also runs one launch for bw = 0 (diag = 1), where
// cols = 1 and cell row*cols + col is row + col: within the block, threads
// (tx, ty + 1) and (tx + 1, ty) write the same cell. Linear ids tx + 16*ty:
// (0, 10) lin 160 and (1, 9) lin 145 are warps 5 and 4, an intra-block
// write-write race; (0, 1) lin 16 and (1, 0) lin 1 share warp 0, an
// intra-warp one. (The first version of this case missed bw = 0.)
// The host pads the matrices with one tile of rows, so that these writes
// stay inside the allocation: a race that needs an out-of-bounds access
// is another bug, not a race (without the padding, row 17 and the cells
// of the bw = 0 launch lie outside the cols * cols matrix).
// The two writes of each pair store different values: they come from
// different rows, and the gap penalty grows with the row. (Equal values
// would make the races benign, not reported by default.)
#include <cstdio>
#include <cstdlib>

#define BS 16

__global__ void needleTile(int *score, const int *ref, int cols, int penalty,
                           int diag) {
  int bx = blockIdx.x;
  int by = diag - 1 - bx;
  int row = by * BS + threadIdx.y + 1;
  int col = bx * BS + threadIdx.x + 1;
  score[row * cols + col] = ref[row * cols + col] - penalty * row; // want "inter-block write-write race on global score with line 33" "intra-block write-write race on global score with line 33" "intra-warp write-write race on global score with line 33"
}

int main(int argc, char **argv) {
  if (argc < 3)
    return 1;
  int bw = atoi(argv[1]); // tiles per row
  int penalty = atoi(argv[2]);
  int cols = bw * BS + 1;
  int *score, *ref;
  // One tile of rows of padding, which the extra launch writes into.
  cudaMalloc(&score, (size_t)(cols + BS) * cols * sizeof(int));
  cudaMalloc(&ref, (size_t)(cols + BS) * cols * sizeof(int));
  cudaMemset(ref, 0, (size_t)(cols + BS) * cols * sizeof(int));

  dim3 threads(BS, BS);
  for (int diag = 1; diag <= bw + 1; diag++) // one launch too many
    needleTile<<<diag, threads>>>(score, ref, cols, penalty, diag);
  cudaDeviceSynchronize();

  int last;
  cudaMemcpy(&last, score + (size_t)cols * cols - 1, sizeof(int), cudaMemcpyDeviceToHost);
  printf("score = %d\n", last);
  cudaFree(score);
  cudaFree(ref);
  return 0;
}
