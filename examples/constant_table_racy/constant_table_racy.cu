// constant_table_racy: constant tables whose contents let threads collide.
//
// tile_base is launched with eight blocks: block 4 reads the offset of
// block 0 (the table has four entries, indexed modulo 4).
// stencil_rows has rows of 32 elements 32 apart, launched with rows of 33
// threads: the last thread of a row writes the next row's first element.
// coarse_rows reads a table that the host fills with cudaMemcpyToSymbol,
// so its initialiser says nothing; the host's values repeat an offset
// (rows of one warp each, so only threads of different warps collide).

__constant__ int tile_offset[4] = {0, 64, 128, 192};
__constant__ int row_offset[4] = {0, 32, 64, 96};

__global__ void tile_base(float *out) {
  out[tile_offset[blockIdx.x % 4] + threadIdx.x] = threadIdx.x + blockIdx.x; // want "inter-block write-write race on global out with line 15"
}

__global__ void stencil_rows(float *out) {
  const int offset[4] = {0, 32, 64, 96};
  out[offset[threadIdx.y] + threadIdx.x] = threadIdx.x * threadIdx.y; // want "intra-warp write-write race on global out with line 20"
}

__global__ void coarse_rows(float *out) {
  out[row_offset[threadIdx.y] + threadIdx.x] = threadIdx.x + threadIdx.y; // want "intra-block write-write race on global out with line 24"
}

int main() {
  float *d;
  cudaMalloc(&d, 1024 * sizeof(float));
  tile_base<<<8, 64>>>(d);
  stencil_rows<<<1, dim3(33, 4)>>>(d);
  const int host_offset[4] = {0, 0, 64, 96};
  cudaMemcpyToSymbol(row_offset, host_offset, sizeof(host_offset));
  coarse_rows<<<1, dim3(32, 4)>>>(d);
  return 0;
}
