// Pointers the host chooses among allocations: ping-pong buffers swapped
// by a conditional (a phi of the branches' loads), a select, a choice of
// allocations of different sizes, a choice within one allocation, and one
// with an unresolved alternative.
__global__ void step(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i];
}

__attribute__((noinline)) float *unknown_buffer();

int main(int argc, char **argv) {
  int n = argc * 256;
  float *a, *b, *small;
  cudaMalloc(&a, n * sizeof(float));
  cudaMalloc(&b, n * sizeof(float));
  cudaMalloc(&small, 64 * sizeof(float));
  for (int pass = 0; pass < argc; pass++) {
    float *in = pass % 2 == 0 ? a : b;
    float *out = pass % 2 == 0 ? b : a;
    step<<<(n + 255) / 256, 256>>>(out, in, n);
  }
  float *sel = argc > 3 ? a + 4 : small;
  step<<<1, 64>>>(sel, sel, 60);
  float *half = argc > 5 ? a : a + n / 2;
  step<<<1, 64>>>(half, a, 64);
  float *unknown = argc > 4 ? a : unknown_buffer();
  step<<<1, 64>>>(unknown, b, 64);
  return 0;
}
