// cub_block_reduce_racy: two block-wide reductions with cub's BlockReduce
// (Debian's libcub-dev) that share one TempStorage, with no barrier
// between them. cub's documentation warns that a TempStorage reused by a
// second collective needs __syncthreads() first: a slow warp may still be
// reading the first reduction's partial sums from it while a faster warp
// writes the second's. The race is in cub's code, reported at the calls
// that reach it.
#include <cub/cub.cuh>

#define THREADS 128
#define BLOCKS 4

__global__ void sums(const int *in, int *out) {
  typedef cub::BlockReduce<int, THREADS> BlockReduce;
  __shared__ typename BlockReduce::TempStorage tmp;
  int i = blockIdx.x * THREADS + threadIdx.x;
  int total = BlockReduce(tmp).Sum(in[i]); // want "intra-block read-write race on shared tmp with line 18"
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
