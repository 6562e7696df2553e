// pushNode_racy: a level-synchronous BFS whose push step counts the nodes
// it pushes with a plain read-modify-write of a global counter, written
// after the Indigo graph benchmarks' push-style codes (HGRD paper, table 3:
// 2 races).
//
// The graph is in CSR form (nindex, nlist). level[] holds each vertex's BFS
// level (-1: not reached). Before each step the host copies level to cur,
// which the kernel only reads: thread v expands v if cur[v] == depth. A
// neighbour u is pushed by claiming it with atomicCAS(&level[u], -1,
// depth + 1); only atomics touch level[], so claims never race. The block
// counts its pushes in a shared counter with atomicAdd_block (shared
// memory: block scope is enough), between two __syncthreads(). Thread 0
// then adds the block's count into the global *size -- with a plain load
// and store instead of atomicAdd. The host runs steps until a step pushes
// nothing.
//
// Launch: pushNode<<<N / 256, 256>>> with N = 1024 (4 blocks), in a host
// loop over depth. Only thread 0 of each block touches *size, so both races
// are inter-block, between thread 0 of block 0 and thread 0 of block 1:
//   1. the load of *size with the store (read-write): block 1 can load
//      *size between block 0's load and store, and one count is lost;
//   2. the store with itself (write-write).
// atomicAdd(size, count) is the fix.
// The shared counter: thread 0's store count = 0, the atomicAdd_block and
// thread 0's load are in three different barrier intervals.
#include <cstdio>
#include <cstdlib>

#define N 1024
#define THREADS 256

__global__ void pushNode(const int *nindex, const int *nlist, const int *cur,
                         int *level, int *size, int depth, int n) {
  __shared__ int count;
  if (threadIdx.x == 0)
    count = 0;
  __syncthreads();

  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v < n && cur[v] == depth) {
    for (int e = nindex[v]; e < nindex[v + 1]; e++) {
      int u = nlist[e];
      if (atomicCAS(&level[u], -1, depth + 1) == -1)
        atomicAdd_block(&count, 1);
    }
  }
  __syncthreads();

  if (threadIdx.x == 0)
    *size += count; // want "inter-block (read-write|write-read) race on global size with line 50" "inter-block write-write race on global size with line 50"
}

int main() {
  // A binary tree: v is adjacent to 2v + 1 and 2v + 2 (when they exist).
  int *hIndex = (int *)malloc((N + 1) * sizeof(int));
  int *hList = (int *)malloc(2 * N * sizeof(int));
  int m = 0;
  for (int v = 0; v < N; v++) {
    hIndex[v] = m;
    for (int c = 2 * v + 1; c <= 2 * v + 2 && c < N; c++)
      hList[m++] = c;
  }
  hIndex[N] = m;
  int *hLevel = (int *)malloc(N * sizeof(int));
  for (int v = 0; v < N; v++)
    hLevel[v] = v == 0 ? 0 : -1;

  int *nindex, *nlist, *cur, *level, *size;
  cudaMalloc(&nindex, (N + 1) * sizeof(int));
  cudaMalloc(&nlist, 2 * N * sizeof(int));
  cudaMalloc(&cur, N * sizeof(int));
  cudaMalloc(&level, N * sizeof(int));
  cudaMalloc(&size, sizeof(int));
  cudaMemcpy(nindex, hIndex, (N + 1) * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(nlist, hList, 2 * N * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(level, hLevel, N * sizeof(int), cudaMemcpyHostToDevice);

  int depth;
  for (depth = 0; depth < N; depth++) {
    int pushed = 0;
    cudaMemcpy(size, &pushed, sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(cur, level, N * sizeof(int), cudaMemcpyDeviceToDevice);
    pushNode<<<N / THREADS, THREADS>>>(nindex, nlist, cur, level, size, depth, N);
    cudaMemcpy(&pushed, size, sizeof(int), cudaMemcpyDeviceToHost);
    if (pushed == 0)
      break;
  }

  cudaMemcpy(hLevel, level, N * sizeof(int), cudaMemcpyDeviceToHost);
  printf("%d levels, last vertex at level %d\n", depth, hLevel[N - 1]);
  cudaFree(nindex);
  cudaFree(nlist);
  cudaFree(cur);
  cudaFree(level);
  cudaFree(size);
  free(hIndex);
  free(hList);
  free(hLevel);
  return 0;
}
