// warp_aggregate_ok: a warp-aggregated atomic, the idiom with which a warp
// takes slots for its lanes with one atomicAdd.
//
// The kept lanes of a warp vote with __ballot_sync; the lowest of them,
// the leader, reserves __popc(mask) slots with atomicAdd and passes the
// first to the others with __shfl_sync; each lane writes the slot its rank
// among the kept lanes gives, __popc(mask & ((1u << lane) - 1)). The adds
// hand each warp its own range, every lane of a warp reads its leader's
// base, and the kept lanes' ranks are 0, 1, ... in lane order: no two
// threads write one slot. Race-free.
#define N (1 << 20)
#define THREADS 256

__global__ void filter(const int *in, int *out, int *count, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int lane = threadIdx.x % 32;
  bool keep = in[i] > 0;
  unsigned mask = __ballot_sync(0xffffffff, keep);
  if (!keep)
    return;
  int leader = __ffs(mask) - 1;
  int base;
  if (lane == leader)
    base = atomicAdd(count, __popc(mask));
  base = __shfl_sync(mask, base, leader);
  int rank = __popc(mask & ((1u << lane) - 1));
  out[base + rank] = in[i];
}

int main() {
  int *in, *out, *count;
  cudaMalloc(&in, N * sizeof(int));
  cudaMalloc(&out, N * sizeof(int));
  cudaMalloc(&count, sizeof(int));
  cudaMemset(count, 0, sizeof(int));
  filter<<<N / THREADS, THREADS>>>(in, out, count, N);
  cudaDeviceSynchronize();
  return 0;
}
