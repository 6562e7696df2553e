// A bool parameter among a kernel's scalars: the stub stores it widened
// to a byte, cudaLaunchKernel's array points at a bool variable, and a
// host helper takes it as a parameter. Every argument of each launch is
// bound, the bool's included.
__global__ void k(float *a, bool flag, int n) {
  if (flag)
    a[n * blockIdx.x + threadIdx.x] = 1.0f;
}

static void helper(float *d, bool flag, int n) {
  k<<<8, 32>>>(d, flag, n);
}

int main(int argc, char **argv) {
  float *d;
  const int n = 1000;
  bool f = argc > 1;
  cudaMalloc(&d, sizeof(float) * n * 8);
  k<<<8, 32>>>(d, argc > 3, n);
  void *args[] = {&d, &f, (void *)&n};
  cudaLaunchKernel((const void *)k, dim3(8), dim3(32), args, 0, 0);
  helper(d, argc > 2, n);
  return 0;
}
