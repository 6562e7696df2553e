// sync_syncwarp_partial_racy: __syncwarp(mask) orders only the lanes in its
// mask.
//
// half_sync is launched <<<2, dim3(32, 2)>>>: lane l = threadIdx.x of warp
// w = threadIdx.y. Every lane stores s[w][l]. Then only the lanes of the
// low half-warp (l < 16) call __syncwarp(0x0000ffff) -- a lane must be in
// the mask it passes -- and read two elements of their own warp's row:
//   - s[w][l + 16], stored by lane l + 16 of the high half, which is not in
//     the mask and never waits: lane 16 stores s[0][16] while lane 0 reads
//     it, an intra-warp write-read race;
//   - s[w][15 - l], stored by lane 15 - l of the low half, which is in the
//     mask of both lanes: ordered by the __syncwarp, no race.
// Each lane stores only its own element, and a warp reads only its own
// row: no intra-block race, no write-write race.
#include <cstdio>

#define BLOCKS 2
#define WARPS 2
#define N (BLOCKS * WARPS * 32)

__global__ void half_sync(const int *in, int *out) {
  __shared__ int s[WARPS][32];
  unsigned int l = threadIdx.x, w = threadIdx.y;
  unsigned int i = (blockIdx.x * WARPS + w) * 32 + l;
  s[w][l] = in[i]; // want "intra-warp write-read race on shared s with line 28"
  if (l < 16) {
    __syncwarp(0x0000ffff);
    int high = s[w][l + 16]; // lane l + 16 is not in the mask
    int low = s[w][15 - l];  // lane 15 - l is: ordered
    out[i] = high + low;
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
  cudaMemset(out, 0, N * sizeof(int));

  half_sync<<<BLOCKS, dim3(32, WARPS)>>>(in, out);
  cudaDeviceSynchronize();

  cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
  printf("out[0] = %d (31 expected)\n", h[0]);
  cudaFree(in);
  cudaFree(out);
  return 0;
}
