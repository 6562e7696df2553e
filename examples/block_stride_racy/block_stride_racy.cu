// block_stride_racy: a block-stride loop launched with several blocks.
//
// scale_racy strides by blockDim.x only, so every block walks the whole
// array: thread 0 of block 0 and thread 0 of block 1 both read and write
// a[0], a[128], ... (inter-block: the store with itself, write-write, and
// the load of one block with the store of the other, read-write). Inside a
// block, threads t and u visit t + 128k and u + 128m, never equal for t != u:
// no intra-block or intra-warp race. Launched <<<4, 128>>>.
//
// scale_rows_ok is the intended code: block b owns row b, the n elements
// from b * n, so blocks never meet.
#include <cstdio>
#include <cstdlib>

#define BLOCKS 4
#define THREADS 128

__global__ void scale_racy(float *a, int n) {
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    a[i] = 2.0f * a[i]; // want "inter-block write-write race on global a with line 20" "inter-block (read-write|write-read) race on global a with line 20"
}

__global__ void scale_rows_ok(float *rows, int n) {
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    rows[blockIdx.x * n + i] = 2.0f * rows[blockIdx.x * n + i];
}

int main() {
  const int n = 1000;
  float *h = (float *)malloc(BLOCKS * n * sizeof(float));
  for (int i = 0; i < BLOCKS * n; i++)
    h[i] = 1.0f;
  float *a, *rows;
  cudaMalloc(&a, n * sizeof(float));
  cudaMalloc(&rows, BLOCKS * n * sizeof(float));
  cudaMemcpy(a, h, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(rows, h, BLOCKS * n * sizeof(float), cudaMemcpyHostToDevice);

  scale_racy<<<BLOCKS, THREADS>>>(a, n);
  scale_rows_ok<<<BLOCKS, THREADS>>>(rows, n);
  cudaDeviceSynchronize();

  cudaMemcpy(h, a, n * sizeof(float), cudaMemcpyDeviceToHost);
  printf("a[0] = %f (16 if every block scaled it, 2 expected)\n", h[0]);
  cudaFree(a);
  cudaFree(rows);
  free(h);
  return 0;
}
