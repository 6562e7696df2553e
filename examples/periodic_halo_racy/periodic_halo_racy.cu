// periodic_halo_racy: periodic_halo_ok with every brick updated in one
// launch, without the checkerboard. The row above a brick, oy - 1, is
// the last row of the brick below it, which that brick's threads write
// in the same launch; and the first row's bricks read row n - 1 across
// the periodic boundary, which the last row's bricks write.
#include <cstdio>
#include <cstdlib>

#define TX 16
#define TY 8
#define TZ 4
#define IDX(x, y, z, n) (((z) * (n) + (y)) * (n) + (x))

__global__ void sweep(int n, int *spin) {
  int ox = blockIdx.x * TX;
  int oy = blockIdx.y * TY;
  int oz = blockIdx.z * TZ;
  int x = ox + threadIdx.x;
  int y = oy + threadIdx.y;
  int z = oz + threadIdx.z;
  int above = 0;
  if (threadIdx.y == 0)
    above = oy == 0 ? spin[IDX(x, n - 1, z, n)] : spin[IDX(x, oy - 1, z, n)]; // want "inter-block read-write race on global spin with line 25" "inter-block read-write race on global spin with line 25"
  __syncthreads();
  spin[IDX(x, y, z, n)] += above;
}

int main(int argc, char **argv) {
  int n = 32;
  if (argc > 1) {
    n = atoi(argv[1]);
    if (n % 32 != 0) {
      fprintf(stderr, "the lattice's side must be a multiple of 32\n");
      return 1;
    }
  }
  int *spin;
  cudaMalloc(&spin, sizeof(int) * n * n * n);
  dim3 block(TX, TY, TZ);
  dim3 grid(n / TX, n / TY, n / TZ);
  sweep<<<grid, block>>>(n, spin);
  cudaDeviceSynchronize();
  cudaFree(spin);
  return 0;
}
