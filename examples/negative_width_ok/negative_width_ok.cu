// negative_width_ok: negative_width_racy with the width checked, as the
// note of its races suggests.
//
// Rows of nx cells and HALO more at each end; thread (s, k) writes cell
// s of row k and cell nx + HALO + s. With nx at least zero the two ends
// of a row are apart, and rows are apart: race-free.
#include <cassert>
#include <cstdlib>

#define HALO 2

__global__ void fill_halo(double *state, int nx, int nz) {
  int k = blockIdx.y * blockDim.y + threadIdx.y;
  int s = blockIdx.x * blockDim.x + threadIdx.x;
  if (s < HALO && k < nz) {
    state[k * (nx + 2 * HALO) + s] = 0.0;
    state[k * (nx + 2 * HALO) + nx + HALO + s] = 1.0;
  }
}

int main(int argc, char **argv) {
  int nx = atoi(argv[1]);
  int nz = atoi(argv[2]);
  assert(nx >= 0);
  double *state;
  cudaMalloc(&state, (size_t)(nx + 2 * HALO) * nz * sizeof(double));
  dim3 block(16, 16);
  dim3 grid(1, (nz + 15) / 16);
  fill_halo<<<grid, block>>>(state, nx, nz);
  cudaDeviceSynchronize();
  cudaFree(state);
  return 0;
}
