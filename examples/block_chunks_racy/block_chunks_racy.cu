// block_chunks_racy: block_chunks_ok with chunks one element too long.
//
// In label, block b's range ends at min(b*chunk + chunk + 1, n), one past
// its chunk: its last element is the first of block b+1's chunk, and the
// two blocks store different numbers there. With n = 3 and two blocks,
// chunk = 2: block 0 writes 0, 1, 2 and block 1 writes 2 (thread 2 of
// block 0 and thread 0 of block 1). Within a block the threads still
// write distinct elements. copy_head and clamp_last are unchanged and
// race-free.
#include <cstdlib>

__global__ void label(int *owner, int n) {
  int chunk = (n + gridDim.x - 1) / gridDim.x;
  int begin = blockIdx.x * chunk;
  int end = min(begin + chunk + 1, n);
  for (int i = begin + threadIdx.x; i < end; i += blockDim.x)
    owner[i] = blockIdx.x; // want "inter-block write-write race on global owner"
}

__global__ void copy_head(const float *in, float *out, int n, int m) {
  int chunk = (n + gridDim.x - 1) / gridDim.x;
  int begin = blockIdx.x * chunk;
  for (int i = begin + threadIdx.x; i < min(min(begin + chunk, n), m); i += blockDim.x)
    out[i] = in[i] + blockIdx.x;
}

__global__ void clamp_last(const float *in, float *out, int n) {
  int tid = threadIdx.x, blocks = gridDim.x;
  int count = (n + blocks - 1) / blocks;
  int start = blockIdx.x * count;
  in = &in[start];
  out = &out[start];
  if ((blockIdx.x + 1) * count > n)
    count = max(0, n - start);
  for (int i = 0; i + tid < count; i += blockDim.x)
    out[i + tid] = in[i + tid] + 1.0f;
}

int main(int argc, char **argv) {
  if (argc < 4)
    return 1;
  int n = atoi(argv[1]);
  int m = atoi(argv[2]);
  int blocks = atoi(argv[3]);
  int *owner;
  float *in, *out;
  cudaMalloc(&owner, n * sizeof(int));
  cudaMalloc(&in, n * sizeof(float));
  cudaMalloc(&out, n * sizeof(float));
  label<<<blocks, 256>>>(owner, n);
  copy_head<<<blocks, 256>>>(in, out, n, m);
  clamp_last<<<blocks, 256>>>(in, out, n);
  cudaDeviceSynchronize();
  return 0;
}
