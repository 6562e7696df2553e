// scan_ok: the work-efficient (Blelloch) exclusive scan of one block, as
// in GPU Gems 3, chapter 39. Race-free: every step of the up-sweep and of
// the down-sweep is separated from the next by __syncthreads(), the
// strides double and halve with the iteration (offset *= 2, d >>= 1), and
// the last element is cleared after the up-sweep's final barrier. hgrd
// must see that two threads in the same barrier interval are in the same
// iteration, that the up-sweep ends exactly when d reaches 0, and what
// offset is when the down-sweep starts.
#include <cstdio>

#define N 512

__global__ void prescan(float *g_odata, const float *g_idata, int n) {
  __shared__ float temp[N];
  int thid = threadIdx.x;
  int offset = 1;
  temp[2 * thid] = g_idata[2 * thid];
  temp[2 * thid + 1] = g_idata[2 * thid + 1];
  for (int d = n >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (thid < d) {
      int ai = offset * (2 * thid + 1) - 1;
      int bi = offset * (2 * thid + 2) - 1;
      temp[bi] += temp[ai];
    }
    offset *= 2;
  }
  if (thid == 0)
    temp[n - 1] = 0;
  for (int d = 1; d < n; d *= 2) {
    offset >>= 1;
    __syncthreads();
    if (thid < d) {
      int ai = offset * (2 * thid + 1) - 1;
      int bi = offset * (2 * thid + 2) - 1;
      float t = temp[ai];
      temp[ai] = temp[bi];
      temp[bi] += t;
    }
  }
  __syncthreads();
  g_odata[2 * thid] = temp[2 * thid];
  g_odata[2 * thid + 1] = temp[2 * thid + 1];
}

int main() {
  float h[N];
  for (int i = 0; i < N; i++)
    h[i] = 1.0f;
  float *in, *out;
  cudaMalloc(&in, N * sizeof(float));
  cudaMalloc(&out, N * sizeof(float));
  cudaMemcpy(in, h, N * sizeof(float), cudaMemcpyHostToDevice);
  prescan<<<1, N / 2>>>(out, in, N);
  cudaMemcpy(h, out, N * sizeof(float), cudaMemcpyDeviceToHost);
  printf("%f\n", h[N - 1]);
  cudaFree(in);
  cudaFree(out);
  return 0;
}
