// pointer_alias: a kernel whose two pointer parameters point into ONE
// allocation; the race exists only through the aliasing.
//
// shiftCopy(a, b, n) does b[i] = a[i + 1] for i < n, so it
// reads a[1 .. n] and writes b[0 .. n-1]. main launches it as
// shiftCopy<<<4, 64>>>(x, x + n, n) with n = 256: b[0] is x[256] = a[256],
// which thread 255 reads (block 3) while thread 0 (block 0) writes it -- an
// inter-block race between the load and the store. It is the only
// overlapping element (a[1..256] vs x[256..511]), so there is no intra-block
// or intra-warp race. Treated as two allocations, a and b would never conflict.
#include <cstdio>
#include <cstdlib>

#define N 256
#define THREADS 64

__global__ void shiftCopy(const float *a, float *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    b[i] = a[i + 1]; // want "inter-block (read-write|write-read) race on global (a|b) with line 20"
}

int main() {
  float *x;
  cudaMalloc(&x, (2 * N + 1) * sizeof(float));
  cudaMemset(x, 0, (2 * N + 1) * sizeof(float));
  shiftCopy<<<N / THREADS, THREADS>>>(x, x + N, N);
  cudaDeviceSynchronize();
  float first;
  cudaMemcpy(&first, x + N, sizeof(float), cudaMemcpyDeviceToHost);
  printf("x[N] = %f\n", first);
  cudaFree(x);
  return 0;
}
