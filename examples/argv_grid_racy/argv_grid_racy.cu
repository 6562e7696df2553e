// argv_grid_racy: a launch whose block count comes from the command line,
// racing for any count above one.
//
// main launches bucket<<<blocks, 256>>> with blocks = atoi(argv[1]). Each
// thread stores its index into v[i % 256]: threads i and i + 256 store the
// same element, and they are in different blocks (inter-block write-write).
// The no-wrap assumption leaves this race alone: it needs only two blocks.
#include <cstdlib>

#define THREADS 256

__global__ void bucket(int *v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  v[i % THREADS] = i; // want "inter-block write-write race on global v with line 14"
}

int main(int argc, char **argv) {
  int blocks = argc > 1 ? atoi(argv[1]) : 16;
  int *v;
  cudaMalloc(&v, THREADS * sizeof(int));
  bucket<<<blocks, THREADS>>>(v);
  cudaDeviceSynchronize();
  cudaFree(v);
  return 0;
}
