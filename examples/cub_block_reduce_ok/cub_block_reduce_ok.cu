// cub_block_reduce_ok: two block-wide reductions with cub's BlockReduce
// (Debian's libcub-dev) sharing one TempStorage, with the __syncthreads()
// cub's documentation asks for between them. cub's warp reductions write
// each warp's partial sum from its lane 0 (read through inline assembly,
// %laneid) and read them back after a barrier. Race-free.
#include <cub/cub.cuh>

#define THREADS 128
#define BLOCKS 4

__global__ void sums(const int *in, int *out) {
  typedef cub::BlockReduce<int, THREADS> BlockReduce;
  __shared__ typename BlockReduce::TempStorage tmp;
  int i = blockIdx.x * THREADS + threadIdx.x;
  int total = BlockReduce(tmp).Sum(in[i]);
  __syncthreads();
  int largest = BlockReduce(tmp).Reduce(in[i], cub::Max());
  if (threadIdx.x == 0) {
    out[2 * blockIdx.x] = total;
    out[2 * blockIdx.x + 1] = largest;
  }
}

int main() {
  int *in, *out;
  cudaMalloc(&in, BLOCKS * THREADS * sizeof(int));
  cudaMalloc(&out, 2 * BLOCKS * sizeof(int));
  sums<<<BLOCKS, THREADS>>>(in, out);
  cudaDeviceSynchronize();
  return 0;
}
