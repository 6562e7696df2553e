// sync_chain_ok: a write ordered before a read of another block through a
// third thread that passes a flag on, at mixed scopes.
//
// Orders compose: program order within a thread and flag edges, each edge
// judged against its own two threads' scope. Both kernels are launched
// <<<2, 64>>>; l is the lane (threadIdx.x % 32).
//   - block_then_device: T1, lane l of warp 0 of block 0, writes data[l],
//     runs __threadfence_block() and sets f1[l] with atomicExch_block. T2,
//     lane l of warp 1 of block 0, spins on atomicAdd_block(&f1[l], 0),
//     runs __threadfence() and sets f2[l] with atomicExch. T3, lane l of
//     warp 0 of block 1, spins on atomicAdd(&f2[l], 0) and reads data[l].
//     T1 to T2 is inside block 0 (block scope covers it), T2 to T3 crosses
//     blocks (device fence and atomics cover it): T1's write is ordered
//     before T3's read.
//   - device_then_block: T1 in block 0 hands off to T2, lane l of warp 0
//     of block 1, with __threadfence() and device atomics on g1[l]; T2
//     passes on to T3, lane l of warp 1 of block 1, with
//     __threadfence_block() and block atomics on g2[l]; T3 reads data[l].
// The flags start at 0 (cleared by the host), each is written by one
// thread only, and each spin waits for the 1 its producer writes. The
// flags are only touched by atomics: f1 and g2 by one block each, with
// block-scope atomics. Race-free.
#include <cstdio>

#define BLOCKS 2
#define THREADS 64

__global__ void block_then_device(const int *in, int *data, int *f1, int *f2, int *out) {
  int l = threadIdx.x % 32;
  if (blockIdx.x == 0 && threadIdx.x < 32) {
    data[l] = in[l] * 2;
    __threadfence_block();
    atomicExch_block(&f1[l], 1);
  } else if (blockIdx.x == 0) {
    while (atomicAdd_block(&f1[l], 0) == 0)
      ;
    __threadfence();
    atomicExch(&f2[l], 1);
  } else if (threadIdx.x < 32) {
    while (atomicAdd(&f2[l], 0) == 0)
      ;
    out[l] = data[l];
  }
}

__global__ void device_then_block(const int *in, int *data, int *g1, int *g2, int *out) {
  int l = threadIdx.x % 32;
  if (blockIdx.x == 0 && threadIdx.x < 32) {
    data[l] = in[l] * 2;
    __threadfence();
    atomicExch(&g1[l], 1);
  } else if (blockIdx.x == 1 && threadIdx.x < 32) {
    while (atomicAdd(&g1[l], 0) == 0)
      ;
    __threadfence_block();
    atomicExch_block(&g2[l], 1);
  } else if (blockIdx.x == 1) {
    while (atomicAdd_block(&g2[l], 0) == 0)
      ;
    out[l] = data[l];
  }
}

int main() {
  int h[32];
  for (int i = 0; i < 32; i++)
    h[i] = i;
  int *in, *data, *f1, *f2, *out;
  cudaMalloc(&in, 32 * sizeof(int));
  cudaMalloc(&data, 32 * sizeof(int));
  cudaMalloc(&f1, 32 * sizeof(int));
  cudaMalloc(&f2, 32 * sizeof(int));
  cudaMalloc(&out, 32 * sizeof(int));
  cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);

  cudaMemset(f1, 0, 32 * sizeof(int));
  cudaMemset(f2, 0, 32 * sizeof(int));
  block_then_device<<<BLOCKS, THREADS>>>(in, data, f1, f2, out);
  cudaMemset(f1, 0, 32 * sizeof(int));
  cudaMemset(f2, 0, 32 * sizeof(int));
  device_then_block<<<BLOCKS, THREADS>>>(in, data, f1, f2, out);
  cudaDeviceSynchronize();

  cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
  printf("out[1] = %d (2 expected)\n", h[1]);
  cudaFree(in);
  cudaFree(data);
  cudaFree(f1);
  cudaFree(f2);
  cudaFree(out);
  return 0;
}
