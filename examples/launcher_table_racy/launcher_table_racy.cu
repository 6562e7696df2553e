// launcher_table_racy: launcher_table_ok's launchers, each launching
// blocks of twice the tile its kernel indexes by.
//
// The compiled host code calls only launch_tile<128>; launch_tile<64>
// and launch_tile<256> are called by nothing but checked in the shape
// they give. In every instantiation thread TILE of block 0 and thread 0
// of block 1 both update y[TILE]: the read of one and the write of the
// other race, and so do the two writes, across blocks. (Threads of one
// block index apart: thread j of a block reads and writes y[b * TILE + j].)
#include <cstdlib>

template <int TILE>
__global__ void tile_axpy(float *y, const float *x, float a, int n) {
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n)
    y[i] += a * x[i]; // want "inter-block (read-write|write-read) race on global y with line 16" "inter-block write-write race on global y with line 16"
}

template <int TILE>
inline void launch_tile(float *y, const float *x, float a, int n) {
  dim3 grid((n + TILE - 1) / TILE);
  dim3 block(2 * TILE);
  tile_axpy<TILE><<<grid, block>>>(y, x, a, n);
}

typedef void (*launcher_t)(float *, const float *, float, int);

inline launcher_t launcher(int index) {
  launcher_t table[] = {launch_tile<64>, launch_tile<128>, launch_tile<256>};
  return table[index];
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
  float *x, *y;
  cudaMalloc(&x, n * sizeof(float));
  cudaMalloc(&y, n * sizeof(float));
  launcher_t run = launcher(1);
  run(y, x, 2.0f, n);
  cudaDeviceSynchronize();
  cudaFree(x);
  cudaFree(y);
  return 0;
}
