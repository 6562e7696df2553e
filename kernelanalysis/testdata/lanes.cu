// Ballots and shuffles (lanes.go). Each kernel's write to out, marked
// with its name, uses a shuffled value.

__global__ void aggregate(const int *in, int *out, int *count) {
  bool keep = in[threadIdx.x] > 0;
  unsigned mask = __ballot_sync(0xffffffff, keep);
  int lane = threadIdx.x % 32;
  int leader = __ffs(mask) - 1;
  int base = 0;
  if (lane == leader) base = atomicAdd(count, __popc(mask));
  base = __shfl_sync(0xffffffff, base, leader);
  out[base + lane] = 1; // @aggregate
}

__global__ void down(int *out, int v) {
  int w = __shfl_down_sync(0xffffffff, v, 1);
  out[w] = 1; // @down
}

__global__ void halfWarp(int *out, int v) {
  int w = __shfl_sync(0xffffffff, v, 0, 16);
  out[w] = 1; // @halfWarp
}
