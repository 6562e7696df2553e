// hgrd-flags: --grid-dim 4 --block-dim 64
//
// no_host_launch: a kernel of a library file, with no host code that
// launches it; the first line gives hgrd the launch shape, <<<4, 64>>>.
//
// gather_racy folds a block of 64 threads onto 32 outputs: threads t and
// t + 32 of a block store the same out[blockIdx.x * 32 + t % 32]. They are
// in warps 0 and 1 (intra-block write-write). Blocks store disjoint ranges
// and the lanes of a warp distinct elements: no other kind.
//
// gather_ok lets threads 0..31 of each block add the two halves: race-free.

__global__ void gather_racy(const float *in, float *out) {
  unsigned int t = threadIdx.x;
  out[blockIdx.x * 32 + t % 32] = in[blockIdx.x * blockDim.x + t]; // want "intra-block write-write race on global out with line 15"
}

__global__ void gather_ok(const float *in, float *out) {
  unsigned int t = threadIdx.x;
  if (t < 32)
    out[blockIdx.x * 32 + t] = in[blockIdx.x * blockDim.x + t] + in[blockIdx.x * blockDim.x + t + 32];
}
