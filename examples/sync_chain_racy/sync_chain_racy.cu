// sync_chain_racy: the chains of sync_chain_ok with one fence too narrow
// for the hop it belongs to.
//
// Each edge of a chain is judged against its own two threads; both kernels
// are launched <<<2, 64>>>, l is the lane (threadIdx.x % 32).
//   - block_then_device: T1 (block 0, warp 0) hands data[l] to T2 (block
//     0, warp 1) through f1[l] at block scope, which covers them; T2 passes
//     on to T3 (block 1, warp 0) through f2[l] with device atomics but a
//     __threadfence_block(), which does not order T2 with a thread of
//     another block. T1's write of data[0] and T3's read of it (threads 0
//     of blocks 0 and 1): an inter-block write-read race, only because of
//     T2's fence.
//   - device_then_block: T1 (block 0, warp 0) hands off to T2 (block 1,
//     warp 0) through g1[l] with device atomics but __threadfence_block();
//     T2 passes on to T3 (block 1, warp 1) at block scope. The first hop
//     crosses blocks: T1's write of data[0] and T3's read of it (thread 0
//     of block 0, thread 32 of block 1) race, only because of T1's fence.
// The report names the fence that is too narrow. The flags are only
// touched by atomics: f1 and g2 by one block each.
#include <cstdio>

#define BLOCKS 2
#define THREADS 64

__global__ void block_then_device(const int *in, int *data, int *f1, int *f2, int *out) {
  int l = threadIdx.x % 32;
  if (blockIdx.x == 0 && threadIdx.x < 32) {
    data[l] = in[l] * 2; // want `inter-block write-read race on global data with line 39 \(__threadfence_block at .*:34:\d+ does not order threads of different blocks\)`
    __threadfence_block();
    atomicExch_block(&f1[l], 1);
  } else if (blockIdx.x == 0) {
    while (atomicAdd_block(&f1[l], 0) == 0)
      ;
    __threadfence_block(); // should be __threadfence()
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
    data[l] = in[l] * 2; // want `inter-block write-read race on global data with line 57 \(__threadfence_block at .*:47:\d+ does not order threads of different blocks\)`
    __threadfence_block(); // should be __threadfence()
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
  printf("out[1] = %d\n", h[1]);
  cudaFree(in);
  cudaFree(data);
  cudaFree(f1);
  cudaFree(f2);
  cudaFree(out);
  return 0;
}
