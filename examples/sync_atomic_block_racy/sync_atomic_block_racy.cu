// sync_atomic_block_racy: atomicAdd_block on one global counter from
// several blocks -- the atomic's scope is too narrow.
//
// block_sum is launched <<<2, 64>>> over 128 inputs. Every block first sums
// its inputs in a __shared__ counter (atomicAdd_block on shared memory: block
// scope always suffices there), then every thread adds its input into the
// single global *total with atomicAdd_block as well. Block scope only makes
// the atomic indivisible for the threads of one block:
//   - thread 0 of block 0 and thread 0 of block 1 both atomicAdd_block
//     total[0]: an inter-block atomic-atomic race (the line with itself),
//     which exists only because of the scope.
// Threads 0 and 32 of a block (two warps) or 0 and 1 (one warp) are covered
// by block scope: no intra-block or intra-warp race. The plain store and
// load of s_sum are made by thread 0 on either side of __syncthreads().
#include <cstdio>

#define BLOCKS 2
#define THREADS 64
#define N (BLOCKS * THREADS)

__global__ void block_sum(const int *in, int *total, int *partial) {
  __shared__ int s_sum;
  if (threadIdx.x == 0)
    s_sum = 0;
  __syncthreads();

  int v = in[blockIdx.x * THREADS + threadIdx.x];
  atomicAdd_block(&s_sum, v);
  atomicAdd_block(total, v); // want `inter-block atomic-atomic race on global total with line 29 \(atomicAdd_block at .*:29:\d+ does not order threads of different blocks\)`
  __syncthreads();

  if (threadIdx.x == 0)
    partial[blockIdx.x] = s_sum;
}

int main() {
  int h[N];
  for (int i = 0; i < N; i++)
    h[i] = 1;
  int *in, *total, *partial;
  cudaMalloc(&in, N * sizeof(int));
  cudaMalloc(&total, sizeof(int));
  cudaMalloc(&partial, BLOCKS * sizeof(int));
  cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);
  cudaMemset(total, 0, sizeof(int));

  block_sum<<<BLOCKS, THREADS>>>(in, total, partial);
  cudaDeviceSynchronize();

  int t, p[BLOCKS];
  cudaMemcpy(&t, total, sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(p, partial, sizeof(p), cudaMemcpyDeviceToHost);
  printf("total %d (%d expected, less if block adds collide), partials %d %d\n",
         t, N, p[0], p[1]);
  cudaFree(in);
  cudaFree(total);
  cudaFree(partial);
  return 0;
}
