// host_interproc: the launch is inside a helper function, and only the
// arguments main passes to the helper make the kernel race-free.
//
// scatter() writes out[threadIdx.x * stride + offset]. The helper
// launchScatter(out, blocks, stride) launches it with `blocks` blocks of 128
// threads; main calls it with blocks = 1 and stride = 2, so the 128 threads
// write distinct even elements. With more blocks or stride 0 threads would
// collide; the host walk must follow main's constants into the helper.
#include <cstdio>
#include <cstdlib>

#define THREADS 128

__global__ void scatter(int *out, int stride, int offset) {
  out[threadIdx.x * stride + offset] = threadIdx.x;
}

void launchScatter(int *out, int blocks, int stride) {
  scatter<<<blocks, THREADS>>>(out, stride, 0);
}

int main() {
  int *out;
  cudaMalloc(&out, 2 * THREADS * sizeof(int));
  launchScatter(out, 1, 2);
  cudaDeviceSynchronize();
  int h[2 * THREADS];
  cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
  printf("out[2] = %d\n", h[2]);
  cudaFree(out);
  return 0;
}
