// warp_rows_ok: each warp of a block owns one row of a shared array and
// hands it to a device function, which fills it in a loop bounded by a
// count read from global memory. hgrd cannot see the counts, but C++
// keeps every access through `buf[warp]` inside that row ([expr.add]):
// a witness in which warp 0 writes past its 64 ints into warp 1's row is
// not an execution of a correct program. The barrier then orders the
// fills before each warp reads its neighbour's row.
#define WARPS 4
#define ROW 64

__device__ void fill(int *row, int count, int lane, int tag) {
  for (int i = lane; i < count; i += 32)
    row[i] = tag + i;
}

__global__ void rows(const int *counts, int *out) {
  __shared__ int buf[WARPS][ROW];
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  fill(buf[warp], counts[blockIdx.x * WARPS + warp], lane, threadIdx.x);
  __syncthreads();
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
