// launcher_table_ok: launchers picked from a table by an index the
// compiler knows, as lut-gemm picks its matrix-vector launcher.
//
// launcher() returns one of three template launchers from a table of
// function pointers; the index is a constant, so the compiled host code
// calls only launch_tile<128>, and launch_tile<64> and launch_tile<256>
// are left behind, called by nothing, each launching its own tile_axpy
// instantiation. The program never runs those two, but another file
// could call the inline launchers, so hgrd checks each kernel in the
// shape its launcher gives: blocks of TILE threads along x, one thread
// an element, race-free. Checked for any shape instead, a block of
// 2 * TILE threads would make thread TILE of block 0 and thread 0 of
// block 1 update one y[TILE]. launcher_table_racy launches 2 * TILE.
#include <cstdlib>

template <int TILE>
__global__ void tile_axpy(float *y, const float *x, float a, int n) {
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n)
    y[i] += a * x[i];
}

template <int TILE>
inline void launch_tile(float *y, const float *x, float a, int n) {
  dim3 grid((n + TILE - 1) / TILE);
  dim3 block(TILE);
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
