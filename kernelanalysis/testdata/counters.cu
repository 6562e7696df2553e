// Atomics whose results relate the threads that apply them.
__global__ void push(int *count, float *out, const float *in) {
  int slot = atomicAdd(count, 1);
  out[slot] = in[threadIdx.x];
}
__global__ void push_many(int *count, float *out, int k) {
  int pos = atomicAdd(count, k);
  for (int j = 0; j < k; j++)
    out[pos + j] = j;
}
__global__ void claim_exch(int *locks, float *data, const int *key) {
  int i = key[threadIdx.x];
  if (atomicExch(&locks[i], 1) == 0)
    data[i] = threadIdx.x;
}
__global__ void claim_cas(int *owner, float *data, const int *key) {
  int i = key[threadIdx.x];
  if (atomicCAS(&owner[i], -1, (int)threadIdx.x) == -1)
    data[i] = threadIdx.x;
}
__global__ void mixed(int *count, float *out, int k) {
  int pos = atomicAdd(count, k);
  out[pos] = 1;
  atomicSub(count, 1);
}
