// hgrd-flags: --grid-dim 1 --block-dim 256
//
// enum_param_racy: an enumeration's range that still lets threads collide.
//
// scatter_by_stride strides by a Stride whose first enumerator is 0: with
// NONE every thread writes buf[0].
//
// mix_channels takes a set of channel flags, which may combine them:
// RED | BLUE (5) is a value of the type though no enumerator is 5, and
// then every thread writes out[0].

enum Stride { NONE, ONE, TWO };

enum Channel { RED = 1, GREEN = 2, BLUE = 4 };

__global__ void scatter_by_stride(float *buf, Stride s) {
  buf[threadIdx.x * s] = threadIdx.x; // want "intra-block write-write race on global buf with line 17" "intra-warp write-write race on global buf with line 17"
}

__global__ void mix_channels(float *out, Channel c) {
  if (c == (RED | BLUE))
    out[0] = threadIdx.x; // want "intra-block write-write race on global out with line 22" "intra-warp write-write race on global out with line 22"
  else
    out[threadIdx.x] = c;
}
