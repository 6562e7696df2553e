// global_config_racy: global_config_ok where the command line may set
// the stride to 1, and the transpose's tile is set to 32 while its blocks
// stay 16 wide.
//
// With stride = 1, thread i's second element is thread i + 1's first:
// write-write races on a between neighbours, in one warp, across warps
// and across blocks (thread 255 of a block and thread 0 of the next).
// With tile = 32 and 16x16 blocks, block (1, 0) starts at column 32 and
// block (0, 0) covers columns 0 to 15 only, so no two threads meet
// there; the race is in pairs alone. hgrd takes the global stride to be
// 2 or 1, the two values the file gives it.
#include <cstdio>
#include <cstdlib>

int n = 1 << 20;
int threads = 256;
int stride = 2;
static int tile = 16;

__global__ void pairs(float *a, int n, int s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n / s) {
    a[s * i] = 1.0f;     // want "inter-block write-write race on global a with line 24" "intra-block write-write race on global a with line 24" "intra-warp write-write race on global a with line 24"
    a[s * i + 1] = 2.0f;
  }
}

__global__ void transpose(float *out, const float *in, int width, int t) {
  int x = blockIdx.x * t + threadIdx.x;
  int y = blockIdx.y * t + threadIdx.y;
  if (x < width && y < width)
    out[x * width + y] = in[y * width + x];
}

int main(int argc, char **argv) {
  if (argc > 1 && argv[1][0] == '1')
    stride = 1;
  float *a, *b;
  cudaMalloc(&a, n * sizeof(float));
  cudaMalloc(&b, n * sizeof(float));
  pairs<<<n / stride / threads, threads>>>(a, n, stride);
  int width = 1024;
  dim3 block(16, 16);
  tile = 32;
  dim3 grid(width / tile, width / tile);
  transpose<<<grid, block>>>(b, a, width, tile);
  cudaDeviceSynchronize();
  return 0;
}
