// scale doubles a[i % SPAN] for each i < n. Two threads whose indices
// differ by SPAN would write one element; the only launch (main.cu)
// asserts n <= SPAN, so none does.
#include "config.h"

__global__ void scale(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i % SPAN] *= 2.0f;
}
