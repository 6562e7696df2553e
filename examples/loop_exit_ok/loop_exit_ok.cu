// loop_exit_ok: a block size the host settles in a loop.
//
// main halves per, the warps of a block, from m until it is at most 16:
// the loop exits only when per <= 16, so threads = 32 * per is at most
// 512 at the launch. Each block owns a slot of SLOT = 512 entries of out,
// and thread t of block b stores out[b * SLOT + t] alone: race-free.
// Without the loop's exit condition, blocks of more than 512 threads
// would overlap the next block's slot. loop_exit_racy stops at 32 warps.
#include <cstdlib>

#define SLOT 512

__global__ void rows(float *out) {
  int r = blockIdx.x * SLOT + threadIdx.x;
  out[r] = threadIdx.x;
}

int main(int argc, char **argv) {
  int m = argc > 1 ? atoi(argv[1]) : 1 << 16;
  int per = m;
  while (per > 16) // warps a block
    per = (per + 1) / 2;
  int threads = 32 * per;
  int blocks = (m + SLOT - 1) / SLOT;
  float *out;
  cudaMalloc(&out, (size_t)blocks * SLOT * sizeof(float));
  rows<<<blocks, threads>>>(out);
  cudaDeviceSynchronize();
  cudaFree(out);
  return 0;
}
