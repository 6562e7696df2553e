// nested_host_loops_racy: nested_host_loops_ok with the inner loop's
// bound off by one (diag <= bw + 1), as in needlemanWunsch_racy: the bound
// that holds at each launch is the inner loop's own, whatever loop
// encloses it, so the launch with diag = bw + 1 still races.
//
// In that launch block bx = bw fills tile (0, bw), whose columns
// bw*16 + 1 + tx = cols + tx wrap to row + 1, column tx, which block 0
// writes as its (ty = 0, tx - 1): an inter-block write-write race. For
// bw = 0 (cols = 1) the one launch's cells row*cols + col = row + col
// collide within the block: (tx, ty + 1) and (tx + 1, ty), in different
// warps and in the same warp. The host pads the matrices with a tile of
// rows, so these writes stay inside the allocation; the stored values
// differ, since the gap penalty grows with the row.
#include <cstdio>
#include <cstdlib>

#define BS 16

__global__ void needleTile(int *score, const int *ref, int cols, int penalty,
                           int diag) {
  int bx = blockIdx.x;
  int by = diag - 1 - bx;
  int row = by * BS + threadIdx.y + 1;
  int col = bx * BS + threadIdx.x + 1;
  score[row * cols + col] = ref[row * cols + col] - penalty * row; // want "inter-block write-write race on global score with line 25" "intra-block write-write race on global score with line 25" "intra-warp write-write race on global score with line 25"
}

int main(int argc, char **argv) {
  if (argc < 4)
    return 1;
  int bw = atoi(argv[1]); // tiles per row
  int penalty = atoi(argv[2]);
  int repeat = atoi(argv[3]);
  int cols = bw * BS + 1;
  int *score, *ref;
  // One tile of rows of padding, which the extra launch writes into.
  cudaMalloc(&score, (size_t)(cols + BS) * cols * sizeof(int));
  cudaMalloc(&ref, (size_t)(cols + BS) * cols * sizeof(int));
  cudaMemset(ref, 0, (size_t)(cols + BS) * cols * sizeof(int));

  dim3 threads(BS, BS);
  for (int r = 0; r < repeat; r++) {
    for (int diag = 1; diag <= bw + 1; diag++) // one launch too many
      needleTile<<<diag, threads>>>(score, ref, cols, penalty, diag);
    cudaDeviceSynchronize();
  }

  int last;
  cudaMemcpy(&last, score + (size_t)cols * cols - 1, sizeof(int), cudaMemcpyDeviceToHost);
  printf("score = %d\n", last);
  cudaFree(score);
  cudaFree(ref);
  return 0;
}
