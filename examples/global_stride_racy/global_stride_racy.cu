// global_stride_racy: global_stride_ok with a stride of half the grid's
// threads, blocks * 128.
//
// Thread t's second element, t + stride, is thread t + stride's first:
// with one block (stride 128) threads 0 and 128 of the block meet, in
// two warps; with two blocks (stride 256) thread 0 of block 1 meets
// thread 0 of block 0 on its second step. Both read and write a[i].
#include <cstdlib>

static int blocks = 64;

__global__ void twice(float *a, int n, int stride) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    a[i] *= 2.0f; // want "inter-block write-write race on global a with line 14" "intra-block write-write race on global a with line 14" "inter-block (read-write|write-read) race on global a with line 14" "intra-block (read-write|write-read) race on global a with line 14"
}

int main(int argc, char **argv) {
  if (argc > 1)
    blocks = atoi(argv[1]);
  int n = 1 << 20;
  float *a;
  cudaMalloc(&a, n * sizeof(float));
  twice<<<blocks, 256>>>(a, n, blocks * 128);
  cudaDeviceSynchronize();
  return 0;
}
