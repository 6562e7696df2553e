__device__ void store(float *p, int i, float v) { p[i] = v; }

__global__ void reduce(const float *in, float *out, int n) {
  __shared__ float s[256];
  unsigned tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[tid] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
    if (tid < k)
      s[tid] += s[tid + k];
    __syncthreads();
  }
  if (tid == 0)
    store(out, blockIdx.x, s[0]);
}

__global__ void gridStride(int *a, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    a[i] = 2 * a[i];
}

int main() {
  float *in, *out;
  cudaMalloc(&in, 1024 * sizeof(float));
  cudaMalloc(&out, 4 * sizeof(float));
  reduce<<<4, 256>>>(in, out, 1024);
  return 0;
}
