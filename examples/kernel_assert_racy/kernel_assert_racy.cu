// hgrd-flags: -DNDEBUG --block-dim 32 --grid-dim 64
//
// kernel_assert_racy: facts stated inside kernels that do not rule the
// race out.
//
// late_check writes out[blockIdx.x * tile + threadIdx.x] before its
// assert: a fact holds only from where it stands, and with tile = 1 block
// 0's thread 1 and block 1's thread 0 write out[1] (inter-block
// write-write).
//
// weak_check asserts tile >= 16 before the write: tiles of 16 to 31
// elements still overlap between neighbouring blocks.
#include <cassert>

__global__ void late_check(const float *in, float *out, int tile) {
  out[blockIdx.x * tile + threadIdx.x] = in[blockIdx.x * 32 + threadIdx.x]; // want "inter-block write-write race on global out with line 16"
  assert(tile >= 32 && tile <= 4096);
}

__global__ void weak_check(const float *in, float *out, int tile) {
  assert(tile >= 16 && tile <= 4096);
  out[blockIdx.x * tile + threadIdx.x] = in[blockIdx.x * 32 + threadIdx.x]; // want "inter-block write-write race on global out with line 22"
}
