// constant_table_ok: loads from constant tables are their initialisers'
// elements, so offsets read from them are known.
//
// tile_base reads a block's base offset from a __constant__ table that no
// host code overwrites: the four blocks get four disjoint tiles.
// stencil_rows reads a row offset from a local const array, and
// band_rows from a static const table of the file: rows do not overlap.

__constant__ int tile_offset[4] = {0, 64, 128, 192};

static __device__ const int band_offset[3] = {0, 256, 512};

__global__ void tile_base(float *out) {
  out[tile_offset[blockIdx.x % 4] + threadIdx.x] = threadIdx.x + blockIdx.x;
}

__global__ void stencil_rows(float *out) {
  const int row_offset[4] = {0, 32, 64, 96};
  out[row_offset[threadIdx.y] + threadIdx.x] = threadIdx.x * threadIdx.y;
}

__global__ void band_rows(float *out) {
  out[band_offset[threadIdx.y] + threadIdx.x] = threadIdx.x + threadIdx.y;
}

int main() {
  float *d;
  cudaMalloc(&d, 1024 * sizeof(float));
  tile_base<<<4, 64>>>(d);
  stencil_rows<<<1, dim3(32, 4)>>>(d);
  band_rows<<<1, dim3(256, 3)>>>(d);
  return 0;
}
