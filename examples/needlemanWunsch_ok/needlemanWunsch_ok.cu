// needlemanWunsch_ok: tiled Needleman-Wunsch, one launch per anti-diagonal
// of tiles, race-free thanks to the host loop bound on the diagonal
// parameter (HGRD paper, table 4: needlemanWunsch from HeCBench).
//
// Simplified: the score matrix has cols = bw*BS + 1 columns (column 0 and
// row 0 are the border); launch `diag` runs `diag` blocks, block bx fills
// tile (by = diag - 1 - bx, bx) from the reference scores, one cell per
// thread: score[(by*BS + ty + 1)*cols + bx*BS + tx + 1].
// Host fact: for (diag = 1; diag <= bw; diag++) -- so bx < diag <= bw, the
// tile columns bx*BS + 1 .. bx*BS + BS stay below cols, and the tiles of one
// diagonal are disjoint. With the bound off by one (needlemanWunsch_racy) the
// last launch has a block with bx = bw whose tile runs past the row end.
#include <cstdio>
#include <cstdlib>

#define BS 16

__global__ void needleTile(int *score, const int *ref, int cols, int penalty,
                           int diag) {
  int bx = blockIdx.x;
  int by = diag - 1 - bx;
  int row = by * BS + threadIdx.y + 1;
  int col = bx * BS + threadIdx.x + 1;
  score[row * cols + col] = ref[row * cols + col] - penalty * row;
}

int main(int argc, char **argv) {
  if (argc < 3)
    return 1;
  int bw = atoi(argv[1]); // tiles per row
  int penalty = atoi(argv[2]);
  int cols = bw * BS + 1;
  int *score, *ref;
  cudaMalloc(&score, (size_t)cols * cols * sizeof(int));
  cudaMalloc(&ref, (size_t)cols * cols * sizeof(int));
  cudaMemset(ref, 0, (size_t)cols * cols * sizeof(int));

  dim3 threads(BS, BS);
  for (int diag = 1; diag <= bw; diag++)
    needleTile<<<diag, threads>>>(score, ref, cols, penalty, diag);
  cudaDeviceSynchronize();

  int last;
  cudaMemcpy(&last, score + (size_t)cols * cols - 1, sizeof(int), cudaMemcpyDeviceToHost);
  printf("score = %d\n", last);
  cudaFree(score);
  cudaFree(ref);
  return 0;
}
