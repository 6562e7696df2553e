// pingpong_racy: pingpong_ok's relaxation, but the host passes the one
// buffer it chose for the pass as both out and in: the relaxation runs
// in place, and a thread's read of its neighbour in[i + 1] races with
// the neighbour's write of out[i + 1], in the same warp or, at a block's
// last thread, in the next block; and in[i - 1] with the thread before.
// The two parameters hold the same choice of the host, so they point
// into one allocation.
#include <cassert>
#include <cstdlib>

__global__ void relax(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > 0 && i < n - 1)
    out[i] = 0.5f * (in[i - 1] + in[i + 1]); // want "inter-block write-read race on global out with line 14" "inter-block write-read race on global out with line 14" "intra-block write-read race on global out with line 14" "intra-block write-read race on global out with line 14" "intra-warp write-read race on global out with line 14" "intra-warp write-read race on global out with line 14"
}

int main(int argc, char **argv) {
  int n = atoi(argv[1]), passes = atoi(argv[2]);
  assert(n > 2);
  float *a, *b;
  cudaMalloc(&a, n * sizeof(float));
  cudaMalloc(&b, n * sizeof(float));
  for (int pass = 0; pass < passes; pass++) {
    float *buf = pass % 2 == 0 ? a : b;
    relax<<<(n + 255) / 256, 256>>>(buf, buf, n);
  }
  return 0;
}
