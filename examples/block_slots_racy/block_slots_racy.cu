// block_slots_racy: block_slots_ok with reservations that overlap.
//
// In compact, thread 0 reserves one slot per block, atomicAdd(&count, 1),
// but the block writes blockDim.x slots from base: block b's range
// [b', b' + blockDim.x) overlaps the next block's, and two blocks write
// one slot.
//
// In queue, the round's closing barrier is missing: thread 0 may take the
// next task and store it in task while the other threads still read this
// round's, within its warp and across warps. As in
// block_broadcast_loop_racy, hgrd reports that race, the cause, and reads
// the loads of task as race-free once it is reported.
#define BLOCKS 64
#define THREADS 128
#define ROUNDS 8

__global__ void compact(const float *in, float *out, int *count) {
  __shared__ int base;
  if (threadIdx.x == 0)
    base = atomicAdd(count, 1);
  __syncthreads();
  out[base + threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x]; // want "inter-block write-write race on global out"
}

__global__ void queue(float *out, int *next, int ntasks) {
  __shared__ int task;
  while (true) {
    if (threadIdx.x == 0)
      task = atomicAdd(next, 1); // want "intra-block (read-write|write-read) race on shared task with line 31" "intra-warp (read-write|write-read) race on shared task with line 31"
    __syncthreads();
    int t = task;
    if (t >= ntasks)
      break;
    out[t * blockDim.x + threadIdx.x] = t;
  }
}

int main() {
  float *in, *out;
  int *counters;
  cudaMalloc(&in, BLOCKS * THREADS * sizeof(float));
  cudaMalloc(&out, BLOCKS * THREADS * ROUNDS * sizeof(float));
  cudaMalloc(&counters, 2 * sizeof(int));
  cudaMemset(counters, 0, 2 * sizeof(int));
  compact<<<BLOCKS, THREADS>>>(in, out, counters);
  queue<<<BLOCKS, THREADS>>>(out, counters + 1, BLOCKS * ROUNDS);
  cudaDeviceSynchronize();
  return 0;
}
