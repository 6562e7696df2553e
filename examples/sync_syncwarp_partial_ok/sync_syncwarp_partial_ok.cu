// sync_syncwarp_partial_ok: __syncwarp(mask) with a mask that covers
// exactly the lanes that communicate.
//
// Both kernels are launched <<<2, dim3(32, 2)>>>: lane l = threadIdx.x of
// warp w = threadIdx.y; each warp works on its own row s[w] of shared
// memory.
//   - low_pairs: only the low half-warp (l < 16) takes part. Each lane
//     stores s[w][l], calls __syncwarp(0x0000ffff) and reads s[w][15 - l],
//     stored by lane 15 - l < 16, which is in the mask and has the mask
//     too: ordered. No lane of the high half touches s.
//   - both_halves: each half-warp mirrors its own half behind its own
//     mask, the low half with __syncwarp(0x0000ffff), the high half with
//     __syncwarp(0xffff0000). Lane l reads the element that lane 15 - l
//     (low) or 47 - l (high) of the same half stored, which is in the same
//     mask: ordered. The halves never read each other's elements.
// Each lane stores only s[w][l], and warps never read another warp's row:
// no intra-block pair. Race-free.
#include <cstdio>

#define BLOCKS 2
#define WARPS 2
#define N (BLOCKS * WARPS * 32)

__global__ void low_pairs(const int *in, int *out) {
  __shared__ int s[WARPS][32];
  unsigned int l = threadIdx.x, w = threadIdx.y;
  unsigned int i = (blockIdx.x * WARPS + w) * 32 + l;
  if (l < 16) {
    s[w][l] = in[i];
    __syncwarp(0x0000ffff);
    out[i] = s[w][15 - l];
  }
}

__global__ void both_halves(const int *in, int *out) {
  __shared__ int s[WARPS][32];
  unsigned int l = threadIdx.x, w = threadIdx.y;
  unsigned int i = (blockIdx.x * WARPS + w) * 32 + l;
  if (l < 16) {
    s[w][l] = in[i];
    __syncwarp(0x0000ffff);
    out[i] = s[w][15 - l];
  } else {
    s[w][l] = -in[i];
    __syncwarp(0xffff0000);
    out[i] = s[w][47 - l];
  }
}

int main() {
  int h[N];
  for (int i = 0; i < N; i++)
    h[i] = i;
  int *in, *out;
  cudaMalloc(&in, N * sizeof(int));
  cudaMalloc(&out, N * sizeof(int));
  cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);

  low_pairs<<<BLOCKS, dim3(32, WARPS)>>>(in, out);
  cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
  printf("low_pairs: out[0] = %d (15 expected)\n", h[0]);
  both_halves<<<BLOCKS, dim3(32, WARPS)>>>(in, out);
  cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
  printf("both_halves: out[16] = %d (-31 expected)\n", h[16]);
  cudaFree(in);
  cudaFree(out);
  return 0;
}
