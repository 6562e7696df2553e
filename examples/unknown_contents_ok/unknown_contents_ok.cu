// unknown_contents_ok: an assert states what the program guarantees of
// memory contents hgrd cannot see.
//
// scatter writes out[slot[i]], and slot comes from a file: by itself a
// race (unknown_contents_racy). The file format gives each thread four
// slots of its own, and the kernel asserts it: slot[i] lies in
// [4i, 4i + 4), so no two threads write one element.
#include <cassert>
#include <cstdio>

__global__ void scatter(const int *slot, const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = slot[i];
  assert(j >= 4 * i && j < 4 * i + 4);
  out[j] = in[i];
}

int main(int argc, char **argv) {
  int host_slot[1024];
  FILE *f = fopen(argv[1], "rb");
  fread(host_slot, sizeof(int), 1024, f);
  fclose(f);
  int *slot;
  float *in, *out;
  cudaMalloc(&slot, sizeof(host_slot));
  cudaMalloc(&in, 1024 * sizeof(float));
  cudaMalloc(&out, 4096 * sizeof(float));
  cudaMemcpy(slot, host_slot, sizeof(host_slot), cudaMemcpyHostToDevice);
  scatter<<<4, 256>>>(slot, in, out);
  return 0;
}
