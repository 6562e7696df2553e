// launcher_template_racy: a launcher that takes its kernel as an argument,
// as thrust's and cub's do, launches it with the launcher's shape.
//
// stamp writes out[threadIdx.x], the same elements in every block. main launches it with
// one block, but the launcher runs it with four: threads of different
// blocks write the same elements. scale, of the same type, is launched
// only directly, with one element a thread, and does not race.
__global__ void scale(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] *= 2.0f;
}

__global__ void stamp(float *out, int n) {
  if (threadIdx.x < n)
    out[threadIdx.x] = blockIdx.x; // want "inter-block write-write race on global out with line 16"
}

template <typename Kernel>
__attribute__((noinline)) void launch_on(Kernel kernel, float *out, int n, int blocks) {
  kernel<<<blocks, 64>>>(out, n);
}

int main() {
  float *out;
  cudaMalloc(&out, 256 * sizeof(float));
  scale<<<4, 64>>>(out, 256);
  stamp<<<1, 64>>>(out, 64);
  launch_on(stamp, out, 64, 4);
  cudaDeviceSynchronize();
  return 0;
}
