// scan_compact_ok: stream compaction by a scan, as a hash table gathers
// its occupied slots.
//
// mark flags each occupied slot with 1 and each empty one with 0;
// thrust::inclusive_scan turns the flags into running counts; gather
// moves slot i to place count[i] - 1 where the count steps up at i. The
// counts never decrease, since no flag is negative, so two slots where
// the count steps up have different counts: each place is written once.
// Without the host's scan in view, the counts are unknown and any two
// threads could write one place.
#include <thrust/execution_policy.h>
#include <thrust/scan.h>

#define EMPTY -1
#define THREADS 256

__global__ void mark(int *flags, const int *keys, int capacity) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < capacity)
    flags[i] = keys[i] != EMPTY;
}

__global__ void gather(const int *count, const int *keys, int *out, int capacity) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i == 0) {
    if (count[0] == 1)
      out[0] = keys[0];
  } else if (i < capacity) {
    if (count[i] > count[i - 1])
      out[count[i] - 1] = keys[i];
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
