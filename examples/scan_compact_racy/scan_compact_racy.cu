// scan_compact_racy: the stream compaction of examples/scan_compact_ok,
// with mark flagging empty slots -1 instead of 0.
//
// The running counts then go down at each empty slot: flags 1, -1, 1
// give counts 1, 0, 1, and slots 0 and 2 are both moved to place 0 (slot
// 2's count steps up from slot 1's). Two threads write out[0].
#include <thrust/execution_policy.h>
#include <thrust/scan.h>

#define EMPTY -1
#define THREADS 256

__global__ void mark(int *flags, const int *keys, int capacity) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < capacity)
    flags[i] = keys[i] != EMPTY ? 1 : -1;
}

__global__ void gather(const int *count, const int *keys, int *out, int capacity) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i == 0) {
    if (count[0] == 1)
      out[0] = keys[0]; // want "inter-block write-write race on global out with line 26" "intra-block write-write race on global out with line 26" "intra-warp write-write race on global out with line 26"
  } else if (i < capacity) {
    if (count[i] > count[i - 1])
      out[count[i] - 1] = keys[i]; // want "inter-block write-write race on global out with line 26" "intra-block write-write race on global out with line 26" "intra-warp write-write race on global out with line 26"
  }
}

int main(int argc, char **argv) {
  int capacity = argc > 1 ? atoi(argv[1]) : 1 << 20;
  int *keys, *flags, *out;
  cudaMalloc(&keys, capacity * sizeof(int));
  cudaMalloc(&flags, capacity * sizeof(int));
  cudaMalloc(&out, capacity * sizeof(int));
  cudaMemset(keys, 0xff, capacity * sizeof(int));
  int blocks = (capacity + THREADS - 1) / THREADS;
  mark<<<blocks, THREADS>>>(flags, keys, capacity);
  thrust::inclusive_scan(thrust::device, flags, flags + capacity, flags);
  gather<<<blocks, THREADS>>>(flags, keys, out, capacity);
  cudaDeviceSynchronize();
  return 0;
}
