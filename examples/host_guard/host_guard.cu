// host_guard: a launch under `if (n <= 1024)` -- the branch on the path to
// the launch keeps an index in range and the kernel race-free.
//
// pack() runs one block of 1024 threads over a buffer of 2048 elements:
// thread t writes the head slot buf[t] and the tail slot buf[2048 - n + t].
// Host fact: the launch is guarded by n <= 1024 (and n > 0), so the tail
// slots 2048 - n + t >= 1024 > every head slot, and tail slots of different
// threads differ. Without the guard, n = 1536 puts thread 0's tail slot
// (512) on thread 512's head slot: the guard rules that race out.
#include <cstdio>
#include <cstdlib>

#define THREADS 1024
#define BUF 2048

__global__ void pack(float *buf, const float *in, int n) {
  int t = threadIdx.x;
  buf[t] = in[t];
  buf[BUF - n + t] = in[t] * 2.0f;
}

int main(int argc, char **argv) {
  if (argc < 2)
    return 1;
  int n = atoi(argv[1]);
  float *buf, *in;
  cudaMalloc(&buf, BUF * sizeof(float));
  cudaMalloc(&in, THREADS * sizeof(float));
  cudaMemset(in, 0, THREADS * sizeof(float));
  if (n > 0 && n <= 1024) {
    pack<<<1, THREADS>>>(buf, in, n);
    cudaDeviceSynchronize();
  }
  float last;
  cudaMemcpy(&last, buf + BUF - 1, sizeof(float), cudaMemcpyDeviceToHost);
  printf("buf[last] = %f\n", last);
  cudaFree(buf);
  cudaFree(in);
  return 0;
}
