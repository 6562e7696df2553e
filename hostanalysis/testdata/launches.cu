__global__ void fill(int *a, int v) { a[threadIdx.x] = v; }
__global__ void scale(int *a, int n) { a[blockIdx.x * blockDim.x + threadIdx.x] *= n; }

__attribute__((noinline)) void run(int *a, int n) { scale<<<n / 64, 64>>>(a, n); }

int main() {
  int *a;
  cudaMalloc(&a, 4096 * sizeof(int));
  dim3 g(4, 2), b(32, 4);
  fill<<<g, b>>>(a, 1);
  fill<<<8, dim3(16, 16, 2), 128>>>(a, 2);
  run(a, 256);
  return 0;
}
