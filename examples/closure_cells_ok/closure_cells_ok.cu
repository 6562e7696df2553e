// closure_cells_ok: one step of a blocked transitive closure in shared
// memory, in the style of a Floyd-Warshall tile.
//
// In round k, thread (y, x) sets its cell c[y][x] when the cell is still
// empty and both c[y][k] and c[k][x] are set. Another thread reads the
// cell c[y][k] that thread (y, k) may write in the same round; but thread
// (y, k) writes only if its own cell c[y][k] is empty and, reading the same
// cell again as "c[y][k]" (x == k), set: no value is both. The two loads
// come one after the other with no barrier and no write between them, so
// they read one value. Each round ends with __syncthreads. Race-free.
#define DIM 8
#define EMPTY 0

__global__ void closure_step(unsigned *graph, int pass) {
  __shared__ unsigned c[DIM][DIM];
  int y = threadIdx.y, x = threadIdx.x;
  c[y][x] = graph[y * DIM + x];
  __syncthreads();
  for (int k = 0; k < DIM; ++k) {
    if (c[y][x] == EMPTY && c[y][k] != EMPTY && c[k][x] != EMPTY)
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
