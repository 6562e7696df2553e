// block_slots_ok: slots that one thread of a block reserves with an
// atomic and shares with its block through shared memory.
//
// In compact, thread 0 of each block reserves blockDim.x slots of out
// with atomicAdd(&count, blockDim.x) and stores the first in base; after
// the barrier every thread writes slot base + threadIdx.x. The adds hand
// each block its own range, and every thread reads what its block's
// thread 0 stored: no two threads write one slot.
//
// In queue, thread 0 takes the next task with atomicAdd(&next, 1) until
// the tasks run out, and the block fills the task's row of out; the round
// ends with a barrier, so thread 0 takes the next task only after every
// thread has read this one (the break leaves the loop for the whole
// block: every thread read the same task). Tasks are taken once each.
// Race-free.
#define BLOCKS 64
#define THREADS 128
#define ROUNDS 8

__global__ void compact(const float *in, float *out, int *count) {
  __shared__ int base;
  if (threadIdx.x == 0)
    base = atomicAdd(count, blockDim.x);
  __syncthreads();
  out[base + threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
}

__global__ void queue(float *out, int *next, int ntasks) {
  __shared__ int task;
  while (true) {
    if (threadIdx.x == 0)
      task = atomicAdd(next, 1);
    __syncthreads();
    int t = task;
    if (t >= ntasks)
      break;
    out[t * blockDim.x + threadIdx.x] = t;
    __syncthreads();
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
