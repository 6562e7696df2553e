// nvcc-style: no #include at all. The prelude supplies the runtime API,
// printf, malloc and the launch syntax, as nvcc's implicit cuda_runtime.h
// does.

__global__ void add(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
  if (i == 0)
    printf("block size %d\n", blockDim.x);
}

int main() {
  const int n = 1 << 20;
  size_t bytes = n * sizeof(float);
  float *a = (float *)malloc(bytes), *b = (float *)malloc(bytes),
        *c = (float *)malloc(bytes);
  for (int i = 0; i < n; i++) {
    a[i] = sinf(i) * sinf(i);
    b[i] = cosf(i) * cosf(i);
  }
  float *da, *db, *dc;
  cudaMalloc(&da, bytes);
  cudaMalloc((void **)&db, bytes);
  cudaMalloc(&dc, bytes);
  cudaMemcpy(da, a, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(db, b, bytes, cudaMemcpyHostToDevice);
  int threads = 256;
  int blocks = (n + threads - 1) / threads;
  add<<<blocks, threads>>>(da, db, dc, n);
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess) {
    printf("launch failed: %s\n", cudaGetErrorString(err));
    return 1;
  }
  cudaMemcpy(c, dc, bytes, cudaMemcpyDeviceToHost);
  double sum = 0;
  for (int i = 0; i < n; i++)
    sum += c[i];
  printf("mean %f\n", sum / n);
  cudaFree(da);
  cudaFree(db);
  cudaFree(dc);
  free(a);
  free(b);
  free(c);
  return 0;
}
