// warp_aggregate_racy: a warp-aggregated atomic that reserves one slot for
// the whole warp.
//
// The kept lanes of a warp vote with __ballot_sync; the lowest of them,
// the leader, reserves slots with atomicAdd and passes the first to the
// others with __shfl_sync; each lane writes the slot its rank among the
// kept lanes gives. The leader adds 1 where it should add __popc(mask):
// a warp with two kept lanes or more writes past its one slot, into the
// slot the next reservation hands out, in another warp of the block or
// in another block. Within a warp the ranks differ, so its lanes never
// write one slot.
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
    base = atomicAdd(count, 1);
  base = __shfl_sync(mask, base, leader);
  int rank = __popc(mask & ((1u << lane) - 1));
  out[base + rank] = in[i]; // want "inter-block write-write race on global out" "intra-block write-write race on global out"
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
