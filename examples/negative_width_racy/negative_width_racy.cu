// negative_width_racy: the halo cells at both ends of each row of a
// grid whose width the host reads from the command line, as
// miniWeather's unpack_recv_buf fills them.
//
// Each row holds nx cells and HALO more at each end. Thread (s, k)
// writes cell s of row k, 0.0, and cell nx + HALO + s, 1.0. For any
// width of at least zero the two ends of a row are apart, but the host
// never checks the width it reads: with nx = -3 a row is one cell wide,
// and thread (0, 0)'s left cell is thread (1, 0)'s right one, in one
// warp, in one block, and across blocks. The races are reported with a
// note that they need nx negative; negative_width_ok asserts it is not.
#include <cstdlib>

#define HALO 2

__global__ void fill_halo(double *state, int nx, int nz) {
  int k = blockIdx.y * blockDim.y + threadIdx.y;
  int s = blockIdx.x * blockDim.x + threadIdx.x;
  if (s < HALO && k < nz) {
    state[k * (nx + 2 * HALO) + s] = 0.0; // want "inter-block write-write race on global state with line 21" "intra-block write-write race on global state with line 21" "intra-warp write-write race on global state with line 21"
    state[k * (nx + 2 * HALO) + nx + HALO + s] = 1.0;
  }
}

int main(int argc, char **argv) {
  int nx = atoi(argv[1]);
  int nz = atoi(argv[2]);
  double *state;
  cudaMalloc(&state, (size_t)(nx + 2 * HALO) * nz * sizeof(double));
  dim3 block(16, 16);
  dim3 grid(1, (nz + 15) / 16);
  fill_halo<<<grid, block>>>(state, nx, nz);
  cudaDeviceSynchronize();
  cudaFree(state);
  return 0;
}
