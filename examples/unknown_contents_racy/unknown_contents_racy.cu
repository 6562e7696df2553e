// unknown_contents_racy: a race that needs memory contents hgrd cannot
// see is reported, with a note naming them.
//
// scatter writes out[slot[i]]: two threads collide if slot holds one
// value twice. The host fills slot from a file, so nothing says it does
// not; the report's note names the contents of slot (read at line 13) as
// what the addresses depend on. unknown_contents_ok states with an assert
// what the program guarantees, and the race is gone.
#include <cstdio>

__global__ void scatter(const int *slot, const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = slot[i];
  out[j] = in[i]; // want "inter-block write-write race on global out with line 14" "intra-block write-write race on global out with line 14" "intra-warp write-write race on global out with line 14"
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
