// Kernels for the golden test of race queries: a neighbour's shared slot
// read with no barrier, a row per block in a block-stride loop, atomics of
// block and device scope, and a lock whose acquire fence is block-scoped.
__global__ void neighbour(int *out) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  out[blockIdx.x * blockDim.x + threadIdx.x] = s[(threadIdx.x + 1) % 64];
}

__global__ void rows(float *m, int n) {
  for (int c = threadIdx.x; c < n; c += blockDim.x)
    m[blockIdx.x * n + c] = 0;
}

__global__ void counts(int *bins, int *total) {
  atomicAdd_block(&bins[threadIdx.x % 8], 1);
  atomicAdd(total, 1);
}

__global__ void locked(int *lock, int *data) {
  while (atomicCAS(lock, 0, 1) != 0)
    ;
  __threadfence_block();
  data[0] += 1;
  __threadfence();
  atomicExch(lock, 0);
}
