// Host code for the golden test: a 2-D launch whose shape is computed from
// a size the program asserts, in a loop, from a wrapper other files could
// call; and a launch from main with two pointer arguments into one
// allocation.
#include <assert.h>
#include <stdlib.h>

__global__ void add(float *dst, const float *src, int n, int step) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < n && y < n)
    dst[y * n + x] += src[y * n + x] * step;
}

void launch_add(float *buf, int n, int steps) {
  dim3 block(16, 16);
  dim3 grid((n + 15) / 16, (n + 15) / 16);
  for (int s = 1; s <= steps; s++)
    add<<<grid, block>>>(buf, buf + n * n, n, s);
}

int main(int argc, char **argv) {
  int n = atoi(argv[1]);
  assert(n > 0 && n <= 1024);
  float *buf;
  cudaMalloc(&buf, 2 * n * n * sizeof(float));
  launch_add(buf, n, 4);
  add<<<dim3(4, 4), dim3(16, 16)>>>(buf + n * n, buf, n, 0);
  return 0;
}
