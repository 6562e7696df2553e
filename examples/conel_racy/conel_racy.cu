// conel_racy: conditional element writes into a shared array with
// overlapping indices, in the style of GKLEE's small race tests (HGRD
// paper, table 3: 2 races).
//
// Each block loads 32 values into shared s, then halves them in place: the
// even lanes t compare the elements t and t + 1 and store the larger one to
// s[t / 2]. The stores land on elements other even lanes are still
// loading: the halving needs a second buffer, or a barrier between the
// loads and the stores.
//
// Launch: conel<<<N / 32, 32>>> with N = 1024, so a block is one warp and
// both races are intra-warp (shared memory: never inter-block):
//   1. the load of s[t] with the store to s[t / 2] (read-write): lane 2
//      loads s[2] while lane 4 stores s[4 / 2] = s[2];
//   2. the load of s[t + 1] with the store (read-write): lane 0 loads s[1]
//      while lane 2 stores s[2 / 2] = s[1].
// The store does not race with itself: t / 2 differs for different even
// lanes. The store of the load phase and the loads after the halving are
// separated from it by __syncthreads().
#include <cstdio>

#define N 1024
#define THREADS 32

__global__ void conel(const float *in, float *out) {
  __shared__ float s[THREADS];
  unsigned int t = threadIdx.x;
  s[t] = in[blockIdx.x * THREADS + t];
  __syncthreads();
  if (t % 2 == 0) {
    float a = s[t];     // want "intra-warp read-write race on shared s with line 33"
    float b = s[t + 1]; // want "intra-warp read-write race on shared s with line 33"
    s[t / 2] = a > b ? a : b;
  }
  __syncthreads();
  if (t < THREADS / 2)
    out[blockIdx.x * (THREADS / 2) + t] = s[t];
}

int main() {
  float h[N];
  for (int i = 0; i < N; i++)
    h[i] = (float)((i * 7) % 13);
  float *in, *out;
  cudaMalloc(&in, N * sizeof(float));
  cudaMalloc(&out, N / 2 * sizeof(float));
  cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);

  conel<<<N / THREADS, THREADS>>>(in, out);
  cudaDeviceSynchronize();

  cudaMemcpy(h, out, N / 2 * sizeof(float), cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < N / 2; i++) {
    float a = (float)(((2 * i) * 7) % 13), b = (float)(((2 * i + 1) * 7) % 13);
    bad += h[i] != (a > b ? a : b);
  }
  printf("%d wrong maxima\n", bad);
  cudaFree(in);
  cudaFree(out);
  return 0;
}
