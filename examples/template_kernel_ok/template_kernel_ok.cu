// hgrd-flags: --block-dim 256
//
// template_kernel_ok: a header-style library kernel, a template that this
// file never instantiates.
//
// clang emits no code for a template without an instance, so hgrd
// instantiates it for a type its body accepts (int, then float) and a
// block-sized 256 for an integer parameter, and says so in a note: here
// block_sum<int, 256>. Each thread stores its element in s, the barrier
// orders the stores before thread 0 reads them all: race-free.

template <typename T, int BLOCK>
__global__ void block_sum(const T *in, T *out) {
  __shared__ T s[BLOCK];
  s[threadIdx.x] = in[blockIdx.x * BLOCK + threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0) {
    T sum = 0;
    for (int i = 0; i < BLOCK; i++)
      sum += s[i];
    out[blockIdx.x] = sum;
  }
}
