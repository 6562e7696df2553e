// launcher_template_ok: a launcher that takes its kernel as an argument,
// as thrust's and cub's do, launches the kernel it is handed and no other.
//
// scale writes out[blockIdx.x * blockDim.x + threadIdx.x], one element a
// thread, and the launcher runs it with four blocks. stamp writes
// out[threadIdx.x], the same elements in every block, and has scale's type, but only
// main launches it, with one block: the launcher's four blocks are not
// stamp's, so neither kernel races.
__global__ void scale(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] *= 2.0f;
}

__global__ void stamp(float *out, int n) {
  if (threadIdx.x < n)
    out[threadIdx.x] = blockIdx.x;
}

template <typename Kernel>
__attribute__((noinline)) void launch_on(Kernel kernel, float *out, int n, int blocks) {
  kernel<<<blocks, 64>>>(out, n);
}

int main() {
  float *out;
  cudaMalloc(&out, 256 * sizeof(float));
  launch_on(scale, out, 256, 4);
  stamp<<<1, 64>>>(out, 64);
  cudaDeviceSynchronize();
  return 0;
}
