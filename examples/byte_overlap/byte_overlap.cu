// byte_overlap: accesses of different sizes conflict when their bytes
// overlap.
//
// bytes_racy stores the 4-byte words[t] and then, through an unsigned char
// view of the same shared array, reads byte t, which lies in words[t / 4],
// with no barrier. Launched <<<1, 64>>>:
//   - thread 1 reads byte 1 while thread 0 stores word 0 (intra-warp);
//   - thread 32 reads byte 32 while thread 8 stores word 8 (intra-block).
// The read of byte 4 * t + 1 is a byte of the thread's own word: silent.
//
// bytes_ok puts __syncthreads() between the stores and the reads: race-free.
#include <cstdio>

#define THREADS 64

__global__ void bytes_racy(unsigned int *out) {
  __shared__ unsigned int words[THREADS];
  unsigned int t = threadIdx.x;
  words[t] = t * 0x01010101u; // want "intra-block write-read race on shared words with line 22" "intra-warp write-read race on shared words with line 22"
  const unsigned char *bytes = (const unsigned char *)words;
  unsigned char own = bytes[4 * t + 1];
  unsigned char other = bytes[t];
  out[t] = own + other;
}

__global__ void bytes_ok(unsigned int *out) {
  __shared__ unsigned int words[THREADS];
  unsigned int t = threadIdx.x;
  words[t] = t * 0x01010101u;
  __syncthreads();
  const unsigned char *bytes = (const unsigned char *)words;
  out[t] = bytes[t];
}

int main() {
  unsigned int *a, *b;
  cudaMalloc(&a, THREADS * sizeof(unsigned int));
  cudaMalloc(&b, THREADS * sizeof(unsigned int));

  bytes_racy<<<1, THREADS>>>(a);
  bytes_ok<<<1, THREADS>>>(b);
  cudaDeviceSynchronize();

  unsigned int h[THREADS];
  cudaMemcpy(h, b, sizeof(h), cudaMemcpyDeviceToHost);
  printf("byte 32 = %u (8 expected)\n", h[32]);
  cudaFree(a);
  cudaFree(b);
  return 0;
}
