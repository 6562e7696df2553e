// pingpong_ok: ping-pong buffers. Each pass of a Jacobi relaxation reads
// one buffer and writes the other, and the host swaps them between
// passes with a conditional (in = even ? a : b, out = even ? b : a).
//
// Race-free: in a pass, out and in are the two allocations, never one,
// and each thread writes only its own element of out. A pointer the
// host chooses points at the start of the allocation chosen, so a
// witness keeps its accesses inside that allocation.
#include <cassert>
#include <cstdlib>

__global__ void relax(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > 0 && i < n - 1)
    out[i] = 0.5f * (in[i - 1] + in[i + 1]);
}

int main(int argc, char **argv) {
  int n = atoi(argv[1]), passes = atoi(argv[2]);
  assert(n > 2);
  float *a, *b;
  cudaMalloc(&a, n * sizeof(float));
  cudaMalloc(&b, n * sizeof(float));
  for (int pass = 0; pass < passes; pass++) {
    float *in = pass % 2 == 0 ? a : b;
    float *out = pass % 2 == 0 ? b : a;
    relax<<<(n + 255) / 256, 256>>>(out, in, n);
  }
  return 0;
}
