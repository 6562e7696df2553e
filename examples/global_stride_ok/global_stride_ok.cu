// global_stride_ok: a grid-stride loop whose stride the host passes as
// the grid's threads, computed from a global that a command-line
// argument may set.
//
// The host reads blocks twice, for the grid and for the stride, with no
// write between: both reads give one value, so the stride is
// gridDim.x * blockDim.x, and no two threads meet. (Were the two reads
// taken as two unknowns, a grid of two blocks with a stride of one
// block's threads would make threads meet.)
#include <cstdlib>

static int blocks = 64;

__global__ void twice(float *a, int n, int stride) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    a[i] *= 2.0f;
}

int main(int argc, char **argv) {
  if (argc > 1)
    blocks = atoi(argv[1]);
  int n = 1 << 20;
  float *a;
  cudaMalloc(&a, n * sizeof(float));
  twice<<<blocks, 256>>>(a, n, blocks * 256);
  cudaDeviceSynchronize();
  return 0;
}
