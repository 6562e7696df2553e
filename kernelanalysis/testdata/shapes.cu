// Kernels for the golden test: 2-D indexing through a shared tile with a
// barrier between its writes and its reads, and a block-stride loop that
// ends in an atomic.
__global__ void transpose(float *out, const float *in, int width, int height) {
  __shared__ float tile[16][17];
  int x = blockIdx.x * 16 + threadIdx.x;
  int y = blockIdx.y * 16 + threadIdx.y;
  if (x < width && y < height)
    tile[threadIdx.y][threadIdx.x] = in[y * width + x];
  __syncthreads();
  x = blockIdx.y * 16 + threadIdx.x;
  y = blockIdx.x * 16 + threadIdx.y;
  if (x < height && y < width)
    out[y * height + x] = tile[threadIdx.x][threadIdx.y];
}

__global__ void rowSum(const float *m, float *sums, int cols) {
  int row = blockIdx.x;
  float s = 0;
  for (int c = threadIdx.x; c < cols; c += blockDim.x)
    s += m[row * cols + c];
  atomicAdd(&sums[row], s);
}
