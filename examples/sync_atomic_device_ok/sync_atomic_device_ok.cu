// sync_atomic_device_ok: device-scope atomics from every block on the same
// global locations never race with each other.
//
// stats is launched <<<4, 64>>> over 256 inputs; every thread of every
// block updates the same global locations, only with atomics:
//   - *sum: atomicAdd for positive inputs, atomicSub for the others;
//   - *maxv: atomicMax, *minv: atomicMin, *seen: atomicOr of a bit;
//   - *first: atomicCAS(first, -1, i), the first thread claims it; the
//     others' CAS fail; *last: atomicExch(last, i);
//   - *events: atomicAdd_system by every thread and atomicAdd by thread 0
//     of each block (a system-scope and a device-scope atomic: the narrower,
//     device scope, still covers every two threads of the grid).
// Two threads of different blocks (thread 0 of blocks 0 and 1), of
// different warps (threads 0 and 32) or of one warp (threads 0 and 1) meet
// only in pairs of atomics whose scope covers them. Race-free.
#include <cstdio>

#define BLOCKS 4
#define THREADS 64
#define N (BLOCKS * THREADS)

__global__ void stats(const int *in, int *sum, int *maxv, int *minv,
                      unsigned int *seen, int *first, int *last,
                      unsigned long long *events) {
  int i = blockIdx.x * THREADS + threadIdx.x;
  int v = in[i];
  if (v > 0)
    atomicAdd(sum, v);
  else
    atomicSub(sum, -v);
  atomicMax(maxv, v);
  atomicMin(minv, v);
  atomicOr(seen, 1u << (v & 31));
  atomicCAS(first, -1, i);
  atomicExch(last, i);
  atomicAdd_system(events, 1ULL);
  if (threadIdx.x == 0)
    atomicAdd(events, 1000ULL);
}

int main() {
  int h[N];
  for (int i = 0; i < N; i++)
    h[i] = (i * 37) % 101 - 50;
  int init[5] = {0, -1000, 1000, -1, -1}; // sum, maxv, minv, first, last
  int *in, *vals;
  unsigned int *seen;
  unsigned long long *events;
  cudaMalloc(&in, N * sizeof(int));
  cudaMalloc(&vals, 5 * sizeof(int));
  cudaMalloc(&seen, sizeof(unsigned int));
  cudaMalloc(&events, sizeof(unsigned long long));
  cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);
  cudaMemcpy(vals, init, sizeof(init), cudaMemcpyHostToDevice);
  cudaMemset(seen, 0, sizeof(unsigned int));
  cudaMemset(events, 0, sizeof(unsigned long long));

  stats<<<BLOCKS, THREADS>>>(in, vals, vals + 1, vals + 2, seen, vals + 3,
                             vals + 4, events);
  cudaDeviceSynchronize();

  int r[5];
  unsigned int s;
  unsigned long long e;
  cudaMemcpy(r, vals, sizeof(r), cudaMemcpyDeviceToHost);
  cudaMemcpy(&s, seen, sizeof(s), cudaMemcpyDeviceToHost);
  cudaMemcpy(&e, events, sizeof(e), cudaMemcpyDeviceToHost);
  printf("sum %d max %d min %d first %d last %d bits %08x events %llu\n",
         r[0], r[1], r[2], r[3], r[4], s, e);
  cudaFree(in);
  cudaFree(vals);
  cudaFree(seen);
  cudaFree(events);
  return 0;
}
