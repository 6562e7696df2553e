// global_rw: a read-write race on global memory, of all three kinds.
//
// shift_left_racy shifts an array left in place: thread i reads a[i + 1]
// while thread i + 1 writes it, with no order between them. Launched
// <<<4, 64>>> (n = 256), the pair is
//   - inter-block: threads 63 (block 0) and 64 (block 1);
//   - intra-block: threads 31 and 32 of block 0, in warps 0 and 1;
//   - intra-warp:  threads 0 and 1 of block 0.
// Each thread writes only its own a[i], so the store never races with itself.
//
// shift_left_ok writes into a second buffer: two pointer parameters point to
// different allocations, so reads of a and writes of b never conflict.
#include <cstdio>
#include <cstdlib>

#define N 256
#define THREADS 64

__global__ void shift_left_racy(int *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n - 1)
    a[i] = a[i + 1]; // want "inter-block (read-write|write-read) race on global a with line 22" "intra-block (read-write|write-read) race on global a with line 22" "intra-warp (read-write|write-read) race on global a with line 22"
}

__global__ void shift_left_ok(int *b, const int *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n - 1)
    b[i] = a[i + 1];
}

int main() {
  int *h = (int *)malloc(N * sizeof(int));
  for (int i = 0; i < N; i++)
    h[i] = i;
  int *a, *b;
  cudaMalloc(&a, N * sizeof(int));
  cudaMalloc(&b, N * sizeof(int));
  cudaMemcpy(a, h, N * sizeof(int), cudaMemcpyHostToDevice);

  shift_left_ok<<<N / THREADS, THREADS>>>(b, a, N);
  shift_left_racy<<<N / THREADS, THREADS>>>(a, N);
  cudaDeviceSynchronize();

  cudaMemcpy(h, a, N * sizeof(int), cudaMemcpyDeviceToHost);
  printf("a[63] = %d (64 expected)\n", h[63]);
  cudaFree(a);
  cudaFree(b);
  free(h);
  return 0;
}
