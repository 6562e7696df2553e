// hgrd-flags: --block-dim 256
//
// template_kernel_racy: the library kernel of examples/template_kernel_ok
// without its barrier, still never instantiated in this file.
//
// hgrd analyses it as block_sum<int, 256>. Thread 0 reads every s[i] while
// the other threads of its block store them: a race with threads of other
// warps (thread 32 stores s[32]) and of its own warp (thread 1 stores
// s[1]).

template <typename T, int BLOCK>
__global__ void block_sum(const T *in, T *out) {
  __shared__ T s[BLOCK];
  s[threadIdx.x] = in[blockIdx.x * BLOCK + threadIdx.x]; // want "intra-block (read-write|write-read) race on shared s with line 18" "intra-warp (read-write|write-read) race on shared s with line 18"
  if (threadIdx.x == 0) {
    T sum = 0;
    for (int i = 0; i < BLOCK; i++)
      sum += s[i];
    out[blockIdx.x] = sum;
  }
}
