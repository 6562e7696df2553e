// struct_fields_racy: pointers passed to a kernel inside a struct by value,
// one of them shifted.
//
// Each thread writes bufs.out[i] and reads bufs.out[i + 1], which thread
// i + 1 writes, launched <<<4, 64>>> with n = 256: thread 63 reads what
// thread 64 of the next block writes (inter-block), thread 31 what thread
// 32 writes (intra-block), thread 0 what thread 1 writes (intra-warp).
// bufs.in and bufs.next are allocations of their own, each element touched
// by one thread: no race on them.
#define N 256
#define THREADS 64

struct Buffers {
  const float *in;
  float *out;
  float *next;
};

__global__ void shift(Buffers bufs, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    bufs.out[i] = bufs.in[i] * 2.0f; // want "inter-block (read-write|write-read) race on global bufs \\(field at byte 8\\) with line 24" "intra-block (read-write|write-read) race on global bufs \\(field at byte 8\\) with line 24" "intra-warp (read-write|write-read) race on global bufs \\(field at byte 8\\) with line 24"
  if (i + 1 < n)
    bufs.next[i] = bufs.out[i + 1];
}

int main() {
  Buffers b;
  cudaMalloc((void **)&b.in, N * sizeof(float));
  cudaMalloc(&b.out, N * sizeof(float));
  cudaMalloc(&b.next, N * sizeof(float));
  shift<<<N / THREADS, THREADS>>>(b, N);
  cudaDeviceSynchronize();
  return 0;
}
