// loop_exit_racy: loop_exit_ok, but the loop stops at 32 warps a block.
//
// threads = 32 * per may now be 1024 (m = 1000: 500, 250, 125, 63, 32):
// thread 512 of block 0 and thread 0 of block 1 both store out[512], the
// one 512 and the other 0, an inter-block write-write race.
#include <cstdlib>

#define SLOT 512

__global__ void rows(float *out) {
  int r = blockIdx.x * SLOT + threadIdx.x;
  out[r] = threadIdx.x; // want "inter-block write-write race on global out with line 12"
}

int main(int argc, char **argv) {
  int m = argc > 1 ? atoi(argv[1]) : 1 << 16;
  int per = m;
  while (per > 32) // warps a block
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
