// pathCompression_racy: union-find root finding with path splitting over a
// shared parent[] forest, written after the Indigo graph benchmarks'
// path-compression codes (HGRD paper, table 3: 2 races).
//
// Each thread v follows parent[] from v to its root and, on the way, points
// every node it passes at its grandparent (path splitting) with a plain
// store, while the other threads walk the same paths with plain loads. The
// root goes to root[v], which only thread v writes.
//
// Launch: the test forest has N = 32 vertices, one thread each:
// compress<<<1, N>>>, a single block of a single warp, so every race is
// intra-warp (no second warp, no second block). Two races, both on
// parent[]:
//   1. the load of parent[cur] in findRoot with the path-splitting store
//      parent[prev] = next (read-write). On the chain 3 -> 2 -> 1 -> 0,
//      lane 2 loads parent[2] in its first iteration while lane 3, in its
//      third iteration (prev = 2, next = 0), stores parent[2].
//   2. the path-splitting store with itself (write-write): on the same
//      chain lane 2 (second iteration, prev = 2) and lane 3 (third
//      iteration, prev = 2) both store parent[2].
// A race-free version makes both the loads and the split atomic, or finds
// all roots in one kernel and compresses in the next.
#include <cstdio>

#define N 32

__device__ int findRoot(int *parent, int v) {
  int prev = -1;
  int cur = v;
  int next;
  while ((next = parent[cur]) != cur) { // want "intra-warp read-write race on global parent with line 33"
    if (prev >= 0)
      parent[prev] = next; // want "intra-warp write-write race on global parent with line 33"
    prev = cur;
    cur = next;
  }
  return cur;
}

__global__ void compress(int *parent, int *root, int n) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v < n)
    root[v] = findRoot(parent, v);
}

int main() {
  int h[N];
  // Two chains: 0 <- 1 <- ... <- 15 and 16 <- 17 <- ... <- 31.
  for (int v = 0; v < N; v++)
    h[v] = (v % 16 == 0) ? v : v - 1;
  int *parent, *root;
  cudaMalloc(&parent, N * sizeof(int));
  cudaMalloc(&root, N * sizeof(int));
  cudaMemcpy(parent, h, sizeof(h), cudaMemcpyHostToDevice);

  compress<<<1, N>>>(parent, root, N);
  cudaDeviceSynchronize();

  int r[N];
  cudaMemcpy(r, root, sizeof(r), cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int v = 0; v < N; v++)
    if (r[v] != (v < 16 ? 0 : 16))
      bad++;
  printf("%d wrong roots\n", bad);
  cudaFree(parent);
  cudaFree(root);
  return 0;
}
