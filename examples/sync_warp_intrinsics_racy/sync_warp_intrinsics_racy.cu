// sync_warp_intrinsics_racy: warp votes and shuffles exchange values, but
// they are not memory barriers.
//
// neighbours is launched <<<2, dim3(32, 2)>>>: lane l = threadIdx.x of warp
// w = threadIdx.y; each warp works on its own rows s[w] and r[w] of shared
// memory; FULL = 0xffffffff.
//   - every lane stores s[w][l], takes part in __ballot_sync(FULL, ...),
//     then reads s[w][31 - l]: lane 31 stores s[0][31] while lane 0 reads
//     it -- the ballot does not order the two accesses, an intra-warp
//     write-read race on s;
//   - every lane stores r[w][l], takes part in __shfl_sync(FULL, v, l ^ 1),
//     then reads r[w][(l + 16) % 32]: lane 16 stores r[0][16] while lane 0
//     reads it, an intra-warp write-read race on r;
//   - the value that __shfl_sync hands from lane l ^ 1 to lane l goes
//     through registers, not memory: no race.
// Each lane stores only its own elements, and warps never read another
// warp's rows: no intra-block race.
#include <cstdio>

#define BLOCKS 2
#define WARPS 2
#define N (BLOCKS * WARPS * 32)
#define FULL 0xffffffffu

__global__ void neighbours(const int *in, int *out) {
  __shared__ int s[WARPS][32];
  __shared__ int r[WARPS][32];
  unsigned int l = threadIdx.x, w = threadIdx.y;
  unsigned int i = (blockIdx.x * WARPS + w) * 32 + l;
  int v = in[i];

  s[w][l] = v; // want "intra-warp write-read race on shared s with line 34"
  unsigned int positive = __ballot_sync(FULL, v > 0);
  int mirror = s[w][31 - l];

  r[w][l] = v * 2; // want "intra-warp write-read race on shared r with line 38"
  int pair = __shfl_sync(FULL, v, l ^ 1);
  int half = r[w][(l + 16) % 32];

  out[i] = mirror + pair + half + __popc(positive);
}

int main() {
  int h[N];
  for (int i = 0; i < N; i++)
    h[i] = i - 10;
  int *in, *out;
  cudaMalloc(&in, N * sizeof(int));
  cudaMalloc(&out, N * sizeof(int));
  cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);

  neighbours<<<BLOCKS, dim3(32, WARPS)>>>(in, out);
  cudaDeviceSynchronize();

  cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
  printf("out[0] = %d\n", h[0]);
  cudaFree(in);
  cudaFree(out);
  return 0;
}
