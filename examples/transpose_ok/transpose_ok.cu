// transpose_ok: matrix transpose through a shared tile, race-free.
//
// NVIDIA's coalesced transpose: 32 x 8 threads copy a 32 x 32 tile, each
// thread handling rows ty, ty + 8, ty + 16 and ty + 24, so no two threads
// store the same tile element (ty < 8 and the row offsets are multiples of
// 8). __syncthreads() orders all stores before the transposed reads, and
// each output element is written by exactly one thread of the grid.
// Launched with dim3 grid(8, 8) and dim3 block(32, 8) on a 256 x 256 matrix.
#include <cstdio>
#include <cstdlib>

#define N 256
#define TILE 32
#define ROWS 8

__global__ void transpose(float *odata, const float *idata) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  int width = gridDim.x * TILE;

  for (int j = 0; j < TILE; j += ROWS)
    tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];

  __syncthreads();

  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    odata[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];
}

int main() {
  const size_t bytes = N * N * sizeof(float);
  float *h = (float *)malloc(bytes);
  for (int i = 0; i < N * N; i++)
    h[i] = i;
  float *in, *out;
  cudaMalloc(&in, bytes);
  cudaMalloc(&out, bytes);
  cudaMemcpy(in, h, bytes, cudaMemcpyHostToDevice);

  dim3 grid(N / TILE, N / TILE);
  dim3 block(TILE, ROWS);
  transpose<<<grid, block>>>(out, in);
  cudaDeviceSynchronize();

  cudaMemcpy(h, out, bytes, cudaMemcpyDeviceToHost);
  printf("out[1] = %f (256 expected)\n", h[1]);
  cudaFree(in);
  cudaFree(out);
  free(h);
  return 0;
}
