#include <assert.h>
#include <stdlib.h>
__global__ void k(float *a, int rows, int cols, int off) { a[off] = rows + cols; }

int main(int argc, char **argv) {
  int rows = atoi(argv[1]), cols = atoi(argv[2]);
  float *a;
  cudaMalloc(&a, rows * sizeof(float)); // @alloc
  assert(rows == cols);                 // @assert
  if (cols > 16) {                      // @guard
    for (int off = 0; off < rows; off += 4) // @loop
      k<<<1, 32>>>(a, rows, cols, off);
  }
  return 0;
}
