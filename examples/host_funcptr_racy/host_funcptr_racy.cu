// host_funcptr_racy: host_funcptr_ok's driver, but the second variant launches
// blocks of 512 threads for a kernel written for tiles of 256.
//
// Thread 256 of block 0 and thread 0 of block 1 both compute
// i = 256 and store out[256] (n > 256), the one 256 and the other 0: an
// inter-block write-write race.
// The launch is reached only through runTest's function pointer.
#include <cstdio>
#include <cstdlib>

#define TILE 256

__global__ void fill(float *out, int n) {
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n)
    out[i] = threadIdx.x; // want "inter-block write-write race on global out with line 16"
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
  runTest("fill, 512 threads", d, n, 10, launchFill<512, true>);
  cudaFree(d);
  return 0;
}
