// Kernels for the guard tests: each marked access is described in
// guard_test.go.
__global__ void spinLock(int *locks, int *data) {
  int i = threadIdx.x % 4;
  while (atomicCAS(&locks[i], 0, 1) != 0)
    ;
  __threadfence();
  data[i] += 1; // @spinLock/guarded
  __threadfence_block();
  atomicExch(&locks[i], 0);
}

__global__ void tryLock(int *lock, int *data) {
  bool done = false;
  while (!done) {
    if (atomicCAS_block(lock, 0, 1) == 0) {
      __threadfence();
      data[0] += 1; // @tryLock/guarded
      __threadfence();
      atomicExch(lock, 0);
      done = true;
    }
  }
}

__global__ void noFence(int *lock, int *data) {
  while (atomicCAS(lock, 0, 1) != 0)
    ;
  data[0] += 1; // @noFence/unguarded
  __threadfence();
  atomicExch(lock, 0);
}

__global__ void afterRelease(int *lock, int *data, int *out) {
  while (atomicCAS(lock, 0, 1) != 0)
    ;
  __threadfence();
  data[0] += 1;
  __threadfence();
  atomicExch(lock, 0);
  out[threadIdx.x] = data[0]; // @afterRelease/unguarded
}

__global__ void consumerNoFence(int *flag, int *data, int *out) {
  if (threadIdx.x < 32) {
    data[threadIdx.x] = 1; // @consumerNoFence/produced
    __threadfence_block();
    atomicExch_block(&flag[threadIdx.x], 7);
  } else {
    while (atomicAdd_block(&flag[threadIdx.x - 32], 0) == 0)
      ;
    out[threadIdx.x] = data[threadIdx.x - 32]; // @consumerNoFence/consumed
  }
}

__global__ void producerNoFence(int *flag, int *data) {
  data[threadIdx.x] = 1; // @producerNoFence/produced
  atomicExch(flag, 1);
  __threadfence();
}

__global__ void unchecked(int *flag, int *data) {
  atomicAdd(flag, 0);
  __threadfence();
  data[0] = 1; // @unchecked/unguarded
}

__global__ void producerConsumer(int *flag, int *data) {
  if (blockIdx.x == 0) {
    data[threadIdx.x] = 1; // @producerConsumer/produced
    __threadfence();
    atomicExch(flag, 1);
  } else {
    while (atomicAdd(flag, 0) == 0)
      ;
    __threadfence();
    data[threadIdx.x + 1] += 1; // @producerConsumer/consumed
  }
}

__global__ void push(int *wl, int *size, int *reset) {
  wl[atomicAdd(size, 1)] = threadIdx.x;
  wl[atomicAdd(reset, 1)] = threadIdx.x;
  if (threadIdx.x == 0)
    *reset = 0;
}

__global__ void leaderLock(int *locks, float *C, int tiles) {
  int tile = blockIdx.x % tiles;
  if (threadIdx.x == 0) {
    while (atomicCAS(&locks[tile], 0, 1) != 0)
      ;
    __threadfence();
  }
  __syncthreads();
  C[tile * blockDim.x + threadIdx.x] += 1.0f; // @leaderLock/guarded
  __threadfence();
  __syncthreads();
  if (threadIdx.x == 0)
    atomicExch(&locks[tile], 0);
}

__global__ void leaderPerThread(int *locks, float *C) {
  if (threadIdx.x == 0) {
    while (atomicCAS(&locks[threadIdx.y], 0, 1) != 0)
      ;
    __threadfence();
  }
  __syncthreads();
  C[threadIdx.x] += 1.0f; // @leaderPerThread/unguarded
  __threadfence();
  __syncthreads();
  if (threadIdx.x == 0)
    atomicExch(&locks[threadIdx.y], 0);
}

// Both fences qualify; the device-scoped one decides the lock's scope,
// whichever comes first.
__global__ void leaderTwoFences(int *locks, float *C, int tiles) {
  int tile = blockIdx.x % tiles;
  if (threadIdx.x == 0) {
    while (atomicCAS(&locks[tile], 0, 1) != 0)
      ;
    __threadfence_block();
    __threadfence();
  }
  __syncthreads();
  C[tile * blockDim.x + threadIdx.x] += 1.0f; // @leaderTwoFences/twoFences
  __threadfence_block();
  __threadfence();
  __syncthreads();
  if (threadIdx.x == 0)
    atomicExch(&locks[tile], 0);
}
