// block_chunks_ok: each block owns one contiguous chunk of an array.
//
// chunk = ceil(n / gridDim.x), and block b owns [b*chunk, min(b*chunk +
// chunk, n)); its threads stride through the chunk by blockDim.x. Chunks
// of different blocks are disjoint, and within a chunk thread t writes
// t, t + blockDim.x, ...: no two threads write one element. As in most
// CUDA code, int arithmetic meets the unsigned built-ins (blockIdx.x *
// chunk, + threadIdx.x, += blockDim.x), which wrap in 32 bits; the loop's
// guard i < min(begin + chunk, n) keeps each thread inside its own chunk.
//
// In label, every element records the block that owns it; in copy_head,
// the guard is a minimum of three bounds, min(min(begin + chunk, n), m).
// In clamp_last, the last block shortens its own count instead: if its
// chunk would end past n, it takes max(0, n - start) elements, fewer than
// chunk.
// Race-free.
#include <cstdlib>

__global__ void label(int *owner, int n) {
  int chunk = (n + gridDim.x - 1) / gridDim.x;
  int begin = blockIdx.x * chunk;
  int end = min(begin + chunk, n);
  for (int i = begin + threadIdx.x; i < end; i += blockDim.x)
    owner[i] = blockIdx.x;
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
