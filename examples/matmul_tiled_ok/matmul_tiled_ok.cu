// matmul_tiled_ok: the classic tiled matrix multiplication with shared
// tiles, a barrier after loading each tile and another before the next
// tile overwrites it. Race-free: each thread writes only its own tile
// element and its own element of C; the reads of a tile are between the
// two barriers of one iteration of the tile loop.
#include <cstdio>

#define TILE 16
#define DIM 256

__global__ void matmul(const float *A, const float *B, float *C, int n) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  int row = blockIdx.y * TILE + threadIdx.y;
  int col = blockIdx.x * TILE + threadIdx.x;
  float acc = 0.0f;
  for (int t = 0; t < n / TILE; ++t) {
    As[threadIdx.y][threadIdx.x] = A[row * n + t * TILE + threadIdx.x];
    Bs[threadIdx.y][threadIdx.x] = B[(t * TILE + threadIdx.y) * n + col];
    __syncthreads();
    for (int k = 0; k < TILE; ++k)
      acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    __syncthreads();
  }
  C[row * n + col] = acc;
}

int main() {
  size_t bytes = DIM * DIM * sizeof(float);
  float *a, *b, *c;
  cudaMalloc(&a, bytes);
  cudaMalloc(&b, bytes);
  cudaMalloc(&c, bytes);
  cudaMemset(a, 0, bytes);
  cudaMemset(b, 0, bytes);
  dim3 block(TILE, TILE);
  dim3 grid(DIM / TILE, DIM / TILE);
  matmul<<<grid, block>>>(a, b, c, DIM);
  cudaDeviceSynchronize();
  cudaFree(a);
  cudaFree(b);
  cudaFree(c);
  return 0;
}
