// Bit counts of kernel parameters: each stored value is one count.
__global__ void counts(unsigned *out, unsigned x, unsigned y) {
  out[0] = __popc(x);
  out[1] = __ffs(x);
  out[2] = __clz(x);
  out[3] = __popc(x & ((1u << y) - 1));
}
