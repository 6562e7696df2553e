// 1dconv_racy: a 3-point 1D convolution whose blocks exchange their
// boundary values through flags, after ScoR's 1dconv; one of the two
// releases uses a fence of block scope (HGRD paper, table 3: 1 race).
//
// Each thread first transforms its input element (a costly pointwise
// stage, computed once) into the block's shared tile s[1 .. T]. The tile's
// halo s[0] and s[T + 1] needs the transformed boundary values of the
// neighbouring blocks, which they publish in the same launch:
//   thread 0 of block b:     haloL[b] = x; __threadfence();
//                            atomicExch(&flagL[b], 1);
//   thread T-1 of block b:   haloR[b] = x; __threadfence_block();  <- bug
//                            atomicExch(&flagR[b], 1);
// and consume: thread 0 of block b > 0 spins on flagR[b - 1] with
// atomicAdd(.., 0), fences with __threadfence() and loads haloR[b - 1];
// thread T-1 of block b < G-1 does the same with flagL[b + 1] and
// haloL[b + 1]. After __syncthreads() every thread convolves.
//
// Launch: conv1d<<<4, 128>>> (4 co-resident blocks, T = 128). One race:
// the store haloR[b] by thread 127 of block 0 and the load haloR[b - 1] by
// thread 0 of block 1 -- inter-block write-read on haloR[0]. The consumer's
// acquire is right, but the producer's release is ordered only by
// __threadfence_block, which does not order the store for threads of other
// blocks: block 1 can see flagR[0] == 1 and still load the old haloR[0].
// The haloL exchange is ordered (fences and atomics of device scope on
// both sides, flagL[b] for haloL[b]). Each halo element has one writer;
// the atomics on the flags never race; s[] is written by distinct threads
// (s[t + 1], s[0] by thread 0, s[T + 1] by thread T-1) and read after the
// barrier; out[i] is written by thread i only.
#include <cstdio>

#define T 128
#define G 4
#define N (T * G)

__device__ float transform(float v) { return v * v * 0.5f + v * 0.25f + 1.0f; }

__global__ void conv1d(const float *in, float *out, float *haloL, float *haloR,
                       int *flagL, int *flagR, float w0, float w1, float w2) {
  __shared__ float s[T + 2];
  int t = threadIdx.x;
  int b = blockIdx.x;
  int i = b * T + t;
  float x = transform(in[i]);
  s[t + 1] = x;

  // publish this block's boundary values
  if (t == 0) {
    haloL[b] = x;
    __threadfence();
    atomicExch(&flagL[b], 1);
  }
  if (t == T - 1) {
    haloR[b] = x; // want "inter-block write-read race on global haloR with line 65 \\(__threadfence_block at .*1dconv_racy.cu:54:[0-9]+ does not order threads of different blocks\\)"
    __threadfence_block();
    atomicExch(&flagR[b], 1);
  }

  // fetch the neighbours' boundary values
  if (t == 0) {
    float left = 0.0f;
    if (b > 0) {
      while (atomicAdd(&flagR[b - 1], 0) == 0)
        ;
      __threadfence();
      left = haloR[b - 1];
    }
    s[0] = left;
  }
  if (t == T - 1) {
    float right = 0.0f;
    if (b < gridDim.x - 1) {
      while (atomicAdd(&flagL[b + 1], 0) == 0)
        ;
      __threadfence();
      right = haloL[b + 1];
    }
    s[T + 1] = right;
  }
  __syncthreads();

  out[i] = w0 * s[t] + w1 * s[t + 1] + w2 * s[t + 2];
}

int main() {
  float h[N];
  for (int i = 0; i < N; i++)
    h[i] = (float)(i % 5);
  float *in, *out, *haloL, *haloR;
  int *flagL, *flagR;
  cudaMalloc(&in, N * sizeof(float));
  cudaMalloc(&out, N * sizeof(float));
  cudaMalloc(&haloL, G * sizeof(float));
  cudaMalloc(&haloR, G * sizeof(float));
  cudaMalloc(&flagL, G * sizeof(int));
  cudaMalloc(&flagR, G * sizeof(int));
  cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);
  cudaMemset(flagL, 0, G * sizeof(int));
  cudaMemset(flagR, 0, G * sizeof(int));

  conv1d<<<G, T>>>(in, out, haloL, haloR, flagL, flagR, 0.25f, 0.5f, 0.25f);
  cudaDeviceSynchronize();

  cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
  printf("out[%d] = %f, out[%d] = %f\n", T - 1, h[T - 1], T, h[T]);
  cudaFree(in);
  cudaFree(out);
  cudaFree(haloL);
  cudaFree(haloR);
  cudaFree(flagL);
  cudaFree(flagR);
  return 0;
}
