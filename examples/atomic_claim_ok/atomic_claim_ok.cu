// atomic_claim_ok: atomics whose results give each thread its own slots.
//
// reserve takes k slots with atomicAdd(&count, k) and fills them: the
// ranges the adds hand out do not overlap. claim_exch writes a bucket
// only if its atomicExch found the bucket's flag 0, and only 1 is ever
// written to a flag, so one thread per bucket does. claim_cas writes a
// bucket only if its atomicCAS swapped the owner from -1 to its thread
// index, which is never -1: one thread per bucket.

__global__ void reserve(int *count, float *out, int k) {
  int pos = atomicAdd(count, k);
  for (int j = 0; j < k; j++)
    out[pos + j] = threadIdx.x;
}

__global__ void claim_exch(int *taken, float *bucket, const int *key) {
  int b = key[blockIdx.x * blockDim.x + threadIdx.x];
  if (atomicExch(&taken[b], 1) == 0)
    bucket[b] = threadIdx.x;
}

__global__ void claim_cas(int *owner, float *bucket, const int *key) {
  int b = key[blockIdx.x * blockDim.x + threadIdx.x];
  if (atomicCAS(&owner[b], -1, (int)threadIdx.x) == -1)
    bucket[b] = threadIdx.x;
}

int main() {
  int *count, *flags, *keys;
  float *out;
  cudaMalloc(&count, sizeof(int));
  cudaMalloc(&flags, 1024 * sizeof(int));
  cudaMalloc(&keys, 1024 * sizeof(int));
  cudaMalloc(&out, 4096 * sizeof(float));
  reserve<<<4, 256>>>(count, out, 4);
  claim_exch<<<4, 256>>>(flags, out, keys);
  claim_cas<<<4, 256>>>(flags, out, keys);
  return 0;
}
