// nested_host_loops_ok: needlemanWunsch_ok's diagonal sweep inside a
// timing loop, as real programs launch it (HeCBench's nw repeats the
// whole sweep): the inner loop's bound still holds at each launch.
//
// The inner loop's exit reaches the launch again, through the outer
// loop's back edge, but only by passing the inner loop's test once more:
// at each launch diag <= bw holds for the current diag. So bx < diag <= bw,
// the tile columns bx*BS + 1 .. bx*BS + BS stay below cols, and the tiles
// of one diagonal are disjoint. (hgrd once dropped a branch whose other
// side could reach the launch at all, and with it every inner loop's
// bound under a timing loop; nested_host_loops_racy is the twin.)
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
  if (argc < 4)
    return 1;
  int bw = atoi(argv[1]); // tiles per row
  int penalty = atoi(argv[2]);
  int repeat = atoi(argv[3]);
  int cols = bw * BS + 1;
  int *score, *ref;
  cudaMalloc(&score, (size_t)cols * cols * sizeof(int));
  cudaMalloc(&ref, (size_t)cols * cols * sizeof(int));
  cudaMemset(ref, 0, (size_t)cols * cols * sizeof(int));

  dim3 threads(BS, BS);
  for (int r = 0; r < repeat; r++) {
    for (int diag = 1; diag <= bw; diag++)
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
