// indexing_2d: 2D grids of 2D blocks, launched with dim3 grid(4, 4) and
// dim3 block(16, 16) over a 64 x 64 matrix.
//
// scale2d: row and column from block and thread indices; each thread owns
// one element: race-free.
//
// scale2d_rowbug forgets blockIdx.y in the row, so blocks (x, 0) and (x, 1)
// both scale rows 0..15 of their columns: the compound assignment's store
// races with itself and with its load between blocks. Inside a block the
// (row, col) pairs are distinct: no other kind.
//
// shift_up reads the shared tile row below without __syncthreads(). The
// linear thread id is tx + 16 * ty, so rows 2w and 2w + 1 form warp w:
// (0, 0) reads tile[1][0] stored by (0, 1) in its own warp (intra-warp),
// (0, 1) reads tile[2][0] stored by (0, 2) in warp 1 (intra-block).
#include <cstdio>

#define W 64
#define H 64
#define TILE 16

__global__ void scale2d(float *m, int width, int height) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (col < width && row < height)
    m[row * width + col] *= 2.0f;
}

__global__ void scale2d_rowbug(float *m, int width, int height) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = threadIdx.y;
  if (col < width && row < height)
    m[row * width + col] *= 2.0f; // want "inter-block write-write race on global m with line 33" "inter-block (read-write|write-read) race on global m with line 33"
}

__global__ void shift_up(const float *in, float *out, int width) {
  __shared__ float tile[TILE][TILE];
  unsigned int tx = threadIdx.x, ty = threadIdx.y;
  int col = blockIdx.x * TILE + tx;
  int row = blockIdx.y * TILE + ty;
  tile[ty][tx] = in[row * width + col]; // want "intra-block write-read race on shared tile with line 42" "intra-warp write-read race on shared tile with line 42"
  out[row * width + col] = tile[(ty + 1) % TILE][tx];
}

int main() {
  float *a, *b, *c;
  cudaMalloc(&a, W * H * sizeof(float));
  cudaMalloc(&b, W * H * sizeof(float));
  cudaMalloc(&c, W * H * sizeof(float));
  cudaMemset(a, 0, W * H * sizeof(float));

  dim3 block(TILE, TILE);
  dim3 grid(W / TILE, H / TILE);
  scale2d<<<grid, block>>>(a, W, H);
  scale2d_rowbug<<<grid, block>>>(b, W, H);
  shift_up<<<grid, block>>>(a, c, W);
  cudaDeviceSynchronize();

  float h;
  cudaMemcpy(&h, c, sizeof(float), cudaMemcpyDeviceToHost);
  printf("%f\n", h);
  cudaFree(a);
  cudaFree(b);
  cudaFree(c);
  return 0;
}
