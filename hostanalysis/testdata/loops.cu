#include <stdlib.h>
__global__ void k(float *a, int n, int off) { a[off] = n; }
__global__ void after(float *a, int n, int off) { a[off] = n; }

// Every launch sits in an outer (timing) loop: the branches of the inner
// loops and of the outer loop's own body still hold at the launch, since
// their other side reaches it again only through the same test.
int main(int argc, char **argv) {
  int n = atoi(argv[1]), repeat = atoi(argv[2]);
  float *a;
  cudaMalloc(&a, n * sizeof(float));
  for (int r = 0; r < repeat; r++) {        // @outer
    if (r % 2 == 1)                         // @skip
      continue;
    for (int off = 0; off < n; off += 32)   // @inner
      k<<<1, 32>>>(a, n, off);
    int last = 0;
    for (int i = 0; i < n; i += 64)         // @before
      last = i;
    // The loops above do not contain this launch. Each ran to its end
    // through its one exit, but the launch uses none of their values
    // (last is an unknown), so their exit conditions are left out.
    after<<<1, 32>>>(a, n, last);
  }
  return 0;
}
