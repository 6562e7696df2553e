// Kernels for the test of loads executed in one barrier epoch: each
// writes out[v], v loaded from shared memory the kernel writes.

__global__ void broadcast(int *out, int n) {
  __shared__ int s;
  if (threadIdx.x == 0) s = n % blockDim.x;
  __syncthreads();
  int v = s;
  out[v] = 1; // @broadcast
}

__global__ void earlyExit(int *out, int n) {
  __shared__ int s;
  if (blockIdx.x * blockDim.x >= n) return;
  if (threadIdx.x == 0) s = n % blockDim.x;
  __syncthreads();
  out[s] = 1; // @earlyExit
}

__global__ void syncLoop(int *out, int n) {
  __shared__ int s;
  for (int i = 0; i < n; i++) {
    if (threadIdx.x == 0) s = i;
    __syncthreads();
    out[s] = 1; // @syncLoop
    __syncthreads();
  }
}

__global__ void divergentBarrier(int *out, int n) {
  __shared__ int s;
  if (threadIdx.x == 0) s = n;
  if (threadIdx.x < 32) __syncthreads();
  out[s] = 1; // @divergentBarrier
}

__global__ void fenced(int *out, int n) {
  __shared__ int s;
  if (threadIdx.x == 0) s = n;
  __threadfence();
  __syncthreads();
  out[s] = 1; // @fenced
}

__global__ void divergentLoop(int *out, int n) {
  __shared__ int s;
  if (threadIdx.x == 0) s = n;
  for (int i = 0; i < threadIdx.x; i++)
    __syncthreads();
  out[s] = 1; // @divergentLoop
}

__global__ void twoSites(int *out, int k) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  int a = s[threadIdx.x];
  int b = s[k];
  out[a + b] = 1; // @twoSites
}

__global__ void writeBetween(int *out, int k) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  int a = s[threadIdx.x];
  s[threadIdx.x] = a + 1;
  int b = s[k];
  out[a + b] = 1; // @writeBetween
}
