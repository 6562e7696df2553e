// struct_fields_ok: pointers passed to a kernel inside a struct by value.
//
// A pointer held in a field of a by-value parameter points into an
// allocation of its own, as a pointer parameter does: bufs.in and bufs.out
// are two allocations. Each thread reads in[i] and writes out[i] and then
// in[i]: no two threads touch one element. Race-free.
#define N 256
#define THREADS 64

struct Buffers {
  const float *in;
  float *out;
  float *scratch;
};

__global__ void step(Buffers bufs, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    bufs.out[i] = bufs.in[i] * 2.0f;
    bufs.scratch[i] = bufs.out[i];
  }
}

int main() {
  Buffers b;
  cudaMalloc((void **)&b.in, N * sizeof(float));
  cudaMalloc(&b.out, N * sizeof(float));
  cudaMalloc(&b.scratch, N * sizeof(float));
  step<<<N / THREADS, THREADS>>>(b, N);
  cudaDeviceSynchronize();
  return 0;
}
