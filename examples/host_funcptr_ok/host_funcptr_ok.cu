// host_funcptr_ok: a launch reached only through a host function pointer.
//
// A benchmark driver hands each variant to its timing function, which
// calls it through a pointer: runTest("fill", d, n, 10, launchFill<TILE, true>)
// calls variant(d, n). Both are templates, which no other file calls: the
// walk reaches its launch from main through runTest's pointer. fill
// indexes by the tile it was written for, blockIdx.x * TILE + threadIdx.x,
// and launchFill launches blocks of TILE threads: every thread stores
// its own out[i]: race-free. Checked without that launch, any block size
// would do, and 512 threads would make thread 256 of block 0 and thread 0
// of block 1 store out[256]. host_funcptr_racy launches 512.
#include <cstdio>
#include <cstdlib>

#define TILE 256

__global__ void fill(float *out, int n) {
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n)
    out[i] = threadIdx.x;
}

template <int THREADS, bool SYNC>
double launchFill(float *d, int n) {
  fill<<<(n + THREADS - 1) / THREADS, THREADS>>>(d, n);
  if (SYNC)
    cudaDeviceSynchronize();
  return 0.0;
}

template <typename T>
void runTest(const char *name, T *d, int n, int repeat, double (*variant)(T *, int)) {
  variant(d, n); // warm up
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  cudaEventRecord(start);
  for (int r = 0; r < repeat; r++)
    variant(d, n);
  cudaEventRecord(stop);
  cudaEventSynchronize(stop);
  float ms = 0.0f;
  cudaEventElapsedTime(&ms, start, stop);
  printf("%s: %.3f ms per run\n", name, ms / repeat);
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
  float *d;
  cudaMalloc(&d, n * sizeof(float));
  runTest("fill", d, n, 10, launchFill<TILE, true>);
  runTest("fill, no sync", d, n, 10, launchFill<TILE, false>);
  cudaFree(d);
  return 0;
}
