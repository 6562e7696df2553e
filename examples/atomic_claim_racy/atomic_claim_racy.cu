// atomic_claim_racy: atomics whose results do not keep threads apart.
//
// reserve takes k slots with atomicAdd(&count, k) but fills k + 1: the
// last slot of one range is the first of the next. claim_exch releases
// the bucket's flag afterwards, so another thread can find it 0 and
// write the bucket too, with no fence to order the two writes (a lock
// needs them). claim_cas swaps in the thread index, which is the
// expected 0 for thread 0: thread 0 leaves the owner 0, and a second
// thread then claims the bucket as well.

__global__ void reserve(int *count, float *out, int k) {
  int pos = atomicAdd(count, k);
  for (int j = 0; j <= k; j++)
    out[pos + j] = threadIdx.x; // want "inter-block write-write race on global out with line 14" "intra-block write-write race on global out with line 14" "intra-warp write-write race on global out with line 14"
}

__global__ void claim_exch(int *taken, float *bucket, const int *key) {
  int b = key[blockIdx.x * blockDim.x + threadIdx.x];
  if (atomicExch(&taken[b], 1) == 0) {
    bucket[b] = threadIdx.x; // want "inter-block write-write race on global bucket with line 20" "intra-block write-write race on global bucket with line 20" "intra-warp write-write race on global bucket with line 20"
    atomicExch(&taken[b], 0);
  }
}

__global__ void claim_cas(int *owner, float *bucket, const int *key) {
  int b = key[blockIdx.x * blockDim.x + threadIdx.x];
  if (atomicCAS(&owner[b], 0, (int)threadIdx.x) == 0)
    bucket[b] = threadIdx.x; // want "inter-block write-write race on global bucket with line 28" "intra-block write-write race on global bucket with line 28" "intra-warp write-write race on global bucket with line 28"
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
