// global_config_ok: a program's configuration at file scope, as samples
// and benchmarks write it: the problem size, the block size and the
// stride between a thread's pair of elements are global variables with
// initialisers, and main only reads them (verbose is set from the
// command line, which changes nothing the kernels see).
//
// Race-free: thread i writes elements STRIDE*i and STRIDE*i + 1 with
// STRIDE = 2, and the tiles of transpose are THREADS wide. hgrd takes a
// global that the file only reads, or only sets to constants, to hold
// one of those values: without that, stride = 1 would make neighbours
// share an element, and every kernel would look racy.
#include <cstdio>
#include <cstdlib>

int n = 1 << 20;
int threads = 256;
int stride = 2;
static int tile = 16;
bool verbose = false;

__global__ void pairs(float *a, int n, int s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n / s) {
    a[s * i] = 1.0f;
    a[s * i + 1] = 2.0f;
  }
}

__global__ void transpose(float *out, const float *in, int width, int t) {
  int x = blockIdx.x * t + threadIdx.x;
  int y = blockIdx.y * t + threadIdx.y;
  if (x < width && y < width)
    out[x * width + y] = in[y * width + x];
}

int main(int argc, char **argv) {
  if (argc > 1 && argv[1][0] == 'v')
    verbose = true;
  float *a, *b;
  cudaMalloc(&a, n * sizeof(float));
  cudaMalloc(&b, n * sizeof(float));
  pairs<<<n / stride / threads, threads>>>(a, n, stride);
  int width = 1024;
  dim3 block(tile, tile);
  dim3 grid(width / tile, width / tile);
  transpose<<<grid, block>>>(b, a, width, tile);
  cudaDeviceSynchronize();
  if (verbose)
    printf("done\n");
  return 0;
}
