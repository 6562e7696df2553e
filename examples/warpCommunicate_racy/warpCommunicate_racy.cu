// warpCommunicate_racy: the lanes of a warp pass values to each other
// through shared memory; two of the four exchanges lack the __syncwarp()
// that Volta's independent thread scheduling requires (HGRD paper, table 3:
// 2 races; the exchanges fixed with __syncwarp() are race-free).
//
// The block is dim3(32, WARPS): warp w = threadIdx.y, lane = threadIdx.x,
// and warp w owns the row buf[w][0 .. 31] of the block's shared buffer.
// The lanes exchange values within the row:
//   A (racy)  store x to buf[w][lane]; lanes < 31 load lane + 1's element;
//   B (fixed) __syncwarp(); store r + x to buf[w][lane]; __syncwarp();
//   C (fixed) lanes > 0 load lane - 1's element; __syncwarp();
//   D (racy)  store l - r to buf[w][lane]; lanes < 16 load lane + 16's.
// The exchanges never leave the warp's row, so no access meets another
// warp's (no intra-block race), and shared memory has no inter-block race.
//
// Launch: warpCommunicate<<<2, dim3(32, 2)>>>. Two races, both intra-warp
// write-read:
//   1. exchange A: lane 1 stores buf[w][1] while lane 0 loads it;
//   2. exchange D: lane 16 stores buf[w][16] while lane 0 loads it.
// Every other pair is split by a __syncwarp(0xffffffff) of the whole warp:
// A's load with B's store, B's store with C's load, C's load with D's
// store, and A's store with everything after it. Each store is to the
// lane's own buf[w][lane], so no store races with itself.
#include <cstdio>

#define WARPS 2
#define BLOCKS 2
#define FULL 0xffffffffu

__global__ void warpCommunicate(const int *in, int *out) {
  __shared__ int buf[WARPS][32];
  int lane = threadIdx.x;
  int w = threadIdx.y;
  int i = (blockIdx.x * WARPS + w) * 32 + lane;
  int x = in[i];

  buf[w][lane] = x; // want "intra-warp write-read race on shared buf with line 40"
  int r = 0;
  if (lane < 31)
    r = buf[w][lane + 1];

  __syncwarp(FULL);
  buf[w][lane] = r + x;
  __syncwarp(FULL);

  int l = 0;
  if (lane > 0)
    l = buf[w][lane - 1];
  __syncwarp(FULL);

  buf[w][lane] = l - r; // want "intra-warp write-read race on shared buf with line 54"
  int h = l - r;
  if (lane < 16)
    h += buf[w][lane + 16];

  out[i] = h;
}

int main() {
  const int n = BLOCKS * WARPS * 32;
  int hIn[n], hOut[n];
  for (int i = 0; i < n; i++)
    hIn[i] = i;
  int *in, *out;
  cudaMalloc(&in, n * sizeof(int));
  cudaMalloc(&out, n * sizeof(int));
  cudaMemcpy(in, hIn, sizeof(hIn), cudaMemcpyHostToDevice);

  dim3 block(32, WARPS);
  warpCommunicate<<<BLOCKS, block>>>(in, out);
  cudaDeviceSynchronize();

  cudaMemcpy(hOut, out, sizeof(hOut), cudaMemcpyDeviceToHost);
  printf("out[0] = %d\n", hOut[0]);
  cudaFree(in);
  cudaFree(out);
  return 0;
}
