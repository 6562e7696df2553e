// periodic_halo_ok: a checkerboard sweep of an n x n x n lattice with
// periodic boundaries, as Monte Carlo spin codes write it. A block owns
// a TX x TY x TZ brick; one launch updates the bricks of one colour,
// which alternates along x, y and z, and each brick reads the row above
// it from a brick of the other colour. The brick in the first row reads
// the lattice's last row, n - 1, across the periodic boundary.
//
// No two bricks of one colour touch: the row above a brick of rows
// [oy, oy + TY) is oy - 1, which belongs to the brick below it in the
// same column of bricks, of the other colour; and row n - 1 belongs to
// a brick of the other colour because the host only accepts n that are
// multiples of 32. The index (z*n + n - 1)*n + x is row-major with an
// unknown n twice over; its column n - 1 is below n only as written,
// not as a division by n reads it (row z*n + n, column -1).
#include <cstdio>
#include <cstdlib>

#define TX 16
#define TY 8
#define TZ 4
#define IDX(x, y, z, n) (((z) * (n) + (y)) * (n) + (x))

__global__ void sweep(int n, int *spin, int colour) {
  int ox = blockIdx.x * TX;
  int oy = (2 * blockIdx.y + ((blockIdx.x + blockIdx.z + colour) & 1)) * TY;
  int oz = blockIdx.z * TZ;
  int x = ox + threadIdx.x;
  int y = oy + threadIdx.y;
  int z = oz + threadIdx.z;
  int above = 0;
  if (threadIdx.y == 0)
    above = oy == 0 ? spin[IDX(x, n - 1, z, n)] : spin[IDX(x, oy - 1, z, n)];
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
  dim3 grid(n / TX, n / (2 * TY), n / TZ);
  for (int colour = 0; colour < 2; colour++)
    sweep<<<grid, block>>>(n, spin, colour);
  cudaDeviceSynchronize();
  cudaFree(spin);
  return 0;
}
