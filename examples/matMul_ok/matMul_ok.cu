// matMul_ok: split-K matrix multiplication whose partial results are added
// into C under per-element locks, after ScoR's matMul (HGRD paper, table 3:
// race-free; needs acquire-release).
//
// C = A * B for DIM x DIM matrices. Block (bx, by, bz) of the launch
// computes the 16x16 tile (by, bx) of C over the bz-th slice of K:
// k in [bz*kslice, (bz+1)*kslice), with the classic shared-memory tiling.
// Each thread then adds its partial sum into C[row*n + col] inside a
// critical section on locks[row*n + col]:
//   while (atomicCAS(&locks[e], 0, 1) != 0);  __threadfence();   acquire
//   C[e] += sum;                                                   load, store
//   __threadfence();  atomicExch(&locks[e], 0);                    release
//
// Launch: matMul<<<dim3(DIM/16, DIM/16, KSPLIT), dim3(16, 16)>>> with
// DIM = 64, KSPLIT = 4, kslice = DIM / KSPLIT. Why each pair is ordered:
//   - C's load and store (with each other and themselves): two threads
//     reach the same element only with the same (bx, by, tx, ty), i.e. in
//     different blocks (different bz). Both are inside critical sections
//     on locks[row*n + col], the same lock address for the same element,
//     and the CAS, both fences and the Exch are device scope: ordered.
//     In a block, (row, col) is one-to-one with the thread: no conflict.
//   - As/Bs: each thread stores its own element; the loads of a tile come
//     after the first __syncthreads() of the iteration and the next
//     iteration's stores after the second, on every path of the loop.
//   - locks[] is touched only by atomics; A and B are only read.
// Thread-level spin locks need independent thread scheduling (Volta and
// later); the lanes of a warp take different locks.
#include <cstdio>
#include <cstdlib>

#define TILE 16
#define DIM 64
#define KSPLIT 4

__global__ void matMul(const float *A, const float *B, float *C, int *locks,
                       int n, int kslice) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  int tx = threadIdx.x;
  int ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty;
  int col = blockIdx.x * TILE + tx;
  int k0 = blockIdx.z * kslice;

  float sum = 0.0f;
  for (int t = 0; t < kslice / TILE; t++) {
    int kt = k0 + t * TILE;
    As[ty][tx] = A[row * n + kt + tx];
    Bs[ty][tx] = B[(kt + ty) * n + col];
    __syncthreads();
    for (int k = 0; k < TILE; k++)
      sum += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }

  int e = row * n + col;
  while (atomicCAS(&locks[e], 0, 1) != 0)
    ;
  __threadfence();
  C[e] += sum;
  __threadfence();
  atomicExch(&locks[e], 0);
}

int main() {
  size_t bytes = DIM * DIM * sizeof(float);
  float *hA = (float *)malloc(bytes);
  float *hB = (float *)malloc(bytes);
  float *hC = (float *)malloc(bytes);
  for (int i = 0; i < DIM * DIM; i++) {
    hA[i] = (float)(i % 3);
    hB[i] = (float)(i % 5);
  }
  float *A, *B, *C;
  int *locks;
  cudaMalloc(&A, bytes);
  cudaMalloc(&B, bytes);
  cudaMalloc(&C, bytes);
  cudaMalloc(&locks, DIM * DIM * sizeof(int));
  cudaMemcpy(A, hA, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(B, hB, bytes, cudaMemcpyHostToDevice);
  cudaMemset(C, 0, bytes);
  cudaMemset(locks, 0, DIM * DIM * sizeof(int));

  dim3 block(TILE, TILE);
  dim3 grid(DIM / TILE, DIM / TILE, KSPLIT);
  matMul<<<grid, block>>>(A, B, C, locks, DIM, DIM / KSPLIT);
  cudaDeviceSynchronize();

  cudaMemcpy(hC, C, bytes, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int r = 0; r < DIM; r++)
    for (int c = 0; c < DIM; c++) {
      float ref = 0.0f;
      for (int k = 0; k < DIM; k++)
        ref += hA[r * DIM + k] * hB[k * DIM + c];
      bad += hC[r * DIM + c] != ref;
    }
  printf("%d wrong elements\n", bad);
  cudaFree(A);
  cudaFree(B);
  cudaFree(C);
  cudaFree(locks);
  free(hA);
  free(hB);
  free(hC);
  return 0;
}
