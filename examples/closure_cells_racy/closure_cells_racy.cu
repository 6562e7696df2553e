// closure_cells_racy: closure_cells_ok without the test that the cell is
// still empty.
//
// Thread (y, x) now sets its cell whenever c[y][k] and c[k][x] are set.
// Thread (y, k) then overwrites its set cell c[y][k] in round k (c[y][k]
// and c[k][k] set) while thread (y, x), x != k, reads c[y][k] in the same
// round: nothing orders them. Both are in row y, so in one warp (8 x 8
// threads, four rows a warp). Likewise thread (k, x) overwrites c[k][x]
// while thread (y, x) reads it, in one warp or two.
#define DIM 8
#define EMPTY 0

__global__ void closure_step(unsigned *graph, int pass) {
  __shared__ unsigned c[DIM][DIM];
  int y = threadIdx.y, x = threadIdx.x;
  c[y][x] = graph[y * DIM + x];
  __syncthreads();
  for (int k = 0; k < DIM; ++k) {
    if (c[y][k] != EMPTY && c[k][x] != EMPTY) // want "intra-block (read-write|write-read) race on shared c with line 20" "intra-warp (read-write|write-read) race on shared c with line 20" "intra-warp (read-write|write-read) race on shared c with line 20"
      c[y][x] = pass * DIM + k + 1;
    __syncthreads();
  }
  graph[y * DIM + x] = c[y][x];
}

int main() {
  unsigned *graph;
  cudaMalloc(&graph, DIM * DIM * sizeof(unsigned));
  closure_step<<<1, dim3(DIM, DIM)>>>(graph, 0);
  cudaDeviceSynchronize();
  return 0;
}
