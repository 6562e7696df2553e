// Loads of shared memory in a later barrier epoch than the one store of
// their object: which read what the store wrote (sources.go). Each
// kernel's write to out, marked with its name, uses the loaded value.

__global__ void broadcast(int *out, int *count) {
  __shared__ int base;
  if (threadIdx.x == 0) base = atomicAdd(count, blockDim.x);
  __syncthreads();
  out[base + threadIdx.x] = 1; // @broadcast
}

__global__ void lastThread(int *out, const int *in) {
  __shared__ int total;
  if (threadIdx.x == blockDim.x - 1) total = in[blockIdx.x];
  __syncthreads();
  out[total + threadIdx.x] = 1; // @lastThread
}

__global__ void rows(int *out, const int *in) {
  __shared__ int first[32];
  if (threadIdx.x == 0) first[threadIdx.y] = in[blockIdx.x * 32 + threadIdx.y];
  __syncthreads();
  out[first[threadIdx.y] + threadIdx.x] = 1; // @rows
}

__global__ void queue(int *out, int *next, int n) {
  __shared__ int task;
  for (int i = 0; i < n; i++) {
    if (threadIdx.x == 0) task = atomicAdd(next, 1);
    __syncthreads();
    out[task * blockDim.x + threadIdx.x] = 1; // @queue
    __syncthreads();
  }
}

__global__ void twoStores(int *out, int *count) {
  __shared__ int base;
  if (threadIdx.x == 0) base = atomicAdd(count, blockDim.x);
  if (threadIdx.x == 1) base = 0;
  __syncthreads();
  out[base + threadIdx.x] = 1; // @twoStores
}

__global__ void storeAfter(int *out, int *count) {
  __shared__ int base;
  __syncthreads();
  out[base + threadIdx.x] = 1; // @storeAfter
  __syncthreads();
  if (threadIdx.x == 0) base = atomicAdd(count, blockDim.x);
}

__global__ void storeInLoop(int *out, const int *in, int n) {
  __shared__ int s[256];
  for (int i = threadIdx.x; i < n; i += blockDim.x) s[i] = in[i];
  __syncthreads();
  out[s[3] + threadIdx.x] = 1; // @storeInLoop
}

__global__ void atomicWrites(int *out, int *count) {
  __shared__ int base;
  if (threadIdx.x == 0) base = 0;
  __syncthreads();
  atomicAdd(&base, 1);
  __syncthreads();
  out[base + threadIdx.x] = 1; // @atomicWrites
}
