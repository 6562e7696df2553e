__global__ void separated(int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = t; // @separated/w
  __syncthreads();
  out[t] = s[(t + 1) % 64]; // @separated/r
}

__global__ void unseparated(int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = t; // @unseparated/w
  out[t] = s[(t + 1) % 64]; // @unseparated/r
}

__global__ void warpOnly(int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = t; // @warpOnly/w
  __syncwarp();
  out[t] = s[t ^ 1]; // @warpOnly/r
}

__global__ void bothBranches(int *out, int c) {
  __shared__ int s[64];
  int t = threadIdx.x;
  if (c) {
    s[t] = t; // @bothBranches/w
    __syncthreads();
  } else {
    __syncthreads();
  }
  out[t] = s[(t + 1) % 64]; // @bothBranches/r
}

__global__ void midBarrier(int *out, int n) {
  __shared__ int s[64];
  int t = threadIdx.x, x = 0;
  for (int i = 0; i < n; i++) {
    s[t] = i; // @midBarrier/w
    __syncthreads();
    x += s[(t + 1) % 64]; // @midBarrier/r
  }
  out[t] = x;
}

__global__ void private_(int *out) {
  int local[4];
  for (int i = 0; i < 4; i++)
    local[i] = threadIdx.x; // @private_/private
  out[threadIdx.x] = local[threadIdx.x % 4]; // @private_/out
}

__global__ void uniformBarrier(int *out, int n) {
  __shared__ int s[64];
  int t = threadIdx.x, x = 0;
  s[t] = t;
  __syncthreads();
  for (int i = 0; i < n; i++) {
    x += s[(t + 1) % 64]; // @uniformBarrier/r
    __syncthreads();
    if (i + 1 < n) {
      s[t] = x + i; // @uniformBarrier/w
      __syncthreads();
    }
  }
  out[t] = x;
}

__global__ void divergentBarrier(int *out, int n) {
  __shared__ int s[64];
  int t = threadIdx.x, x = 0;
  s[t] = t;
  __syncthreads();
  for (int i = 0; i < n; i++) {
    x += s[(t + 1) % 64]; // @divergentBarrier/r
    __syncthreads();
    if (i + 1 < n && t < 32) {
      s[t] = x + i; // @divergentBarrier/w
      __syncthreads();
    }
  }
  out[t] = x;
}

__global__ void uniformNoBarrier(int *out, int n) {
  __shared__ int s[64];
  int t = threadIdx.x, x = 0;
  s[t] = t;
  __syncthreads();
  for (int i = 0; i < n; i++) {
    x += s[(t + 1) % 64]; // @uniformNoBarrier/r
    __syncthreads();
    if (i + 1 < n) {
      s[t] = x + i; // @uniformNoBarrier/w
    }
  }
  out[t] = x;
}

__global__ void uniformBarrierTop(int *out, int n) {
  __shared__ int s[64];
  int t = threadIdx.x, x = 0;
  for (int i = 0; i < n; i++) {
    if (i % 2 == 0) {
      s[t] = x + i; // @uniformBarrierTop/w
      __syncthreads();
    }
    x += s[(t + 1) % 64]; // @uniformBarrierTop/r
    __syncthreads();
  }
  out[t] = x;
}
