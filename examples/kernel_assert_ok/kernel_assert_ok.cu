// hgrd-flags: -DNDEBUG --block-dim 32 --grid-dim 64
//
// kernel_assert_ok: facts stated inside kernels, compiled with -DNDEBUG.
//
// gather copies a tile of 32 elements per block to out[blockIdx.x * tile
// + threadIdx.x]. Blocks write disjoint ranges only if tile >= 32: the
// assert says so, and hgrd takes it as a fact from where it stands,
// whether or not NDEBUG compiles the check out (as for host asserts).
// gather_assumed states the same with __builtin_assume. Race-free.
#include <cassert>

__global__ void gather(const float *in, float *out, int tile) {
  assert(tile >= 32 && tile <= 4096);
  out[blockIdx.x * tile + threadIdx.x] = in[blockIdx.x * 32 + threadIdx.x];
}

__global__ void gather_assumed(const float *in, float *out, int tile) {
  __builtin_assume(tile >= 32 && tile <= 4096);
  out[blockIdx.x * tile + threadIdx.x] = in[blockIdx.x * 32 + threadIdx.x];
}
