// warp_rows_racy: warp_rows_ok without its barrier. Each warp still stays
// inside its own row while it fills it, but then reads its neighbour's
// row, which the neighbour may still be filling: warp 0's lane 0 reads
// buf[1][0] (line 18) while warp 1's lane 0 writes it (line 10).
#define WARPS 4
#define ROW 64

__device__ void fill(int *row, int count, int lane, int tag) {
  for (int i = lane; i < count; i += 32)
    row[i] = tag + i; // want "intra-block write-read race on shared buf with line 18"
}

__global__ void rows(const int *counts, int *out) {
  __shared__ int buf[WARPS][ROW];
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  fill(buf[warp], counts[blockIdx.x * WARPS + warp], lane, threadIdx.x);
  // The barrier of warp_rows_ok is missing here.
  out[blockIdx.x * blockDim.x + threadIdx.x] = buf[(warp + 1) % WARPS][lane];
}

int main() {
  int *counts, *out;
  cudaMalloc(&counts, 16 * WARPS * sizeof(int));
  cudaMalloc(&out, 16 * WARPS * 32 * sizeof(int));
  rows<<<16, WARPS * 32>>>(counts, out);
  cudaDeviceSynchronize();
  return 0;
}
