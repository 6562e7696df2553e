// condNeighbor_racy: one step of label propagation that conditionally
// updates a neighbour's label with a plain store, written after the Indigo
// graph benchmarks' conditional neighbour-update codes (HGRD paper,
// table 3: 2 races).
//
// The graph is in CSR form (nindex, nlist). Labels are double-buffered:
// the step reads labelIn (never written by the kernel) and writes labelOut,
// which the host initialises to a copy of labelIn. Thread v looks at each
// neighbour u and, if its own label is smaller, stores it into
// labelOut[u] -- without atomicMin. Two vertices with a common neighbour
// both store its label.
//
// Launch: condNeighbor<<<N / 32, 32>>>, one warp per block, N = 256. The
// store labelOut[u] = lv races with itself (write-write), in two kinds. In
// main's graph vertex 6 (label 222) has the in-neighbours 5 (label 185),
// 7 (label 3) and 230 (label 62), all with smaller labels, so:
//   - inter-block: vertex 7 (block 0, thread 7) and vertex 230 (block 7,
//     thread 6) both store labelOut[6];
//   - intra-warp: vertices 5 and 7 (block 0, lanes 5 and 7) both store
//     labelOut[6].
// A block is a single warp, so there is no intra-block race. The loads of
// nindex, nlist and labelIn are loads of memory no thread writes. The fix
// is atomicMin(&labelOut[u], lv).
#include <cstdio>
#include <cstdlib>

#define N 256
#define THREADS 32

__global__ void condNeighbor(const int *nindex, const int *nlist,
                             const int *labelIn, int *labelOut, int n) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= n)
    return;
  int lv = labelIn[v];
  for (int e = nindex[v]; e < nindex[v + 1]; e++) {
    int u = nlist[e];
    if (lv < labelIn[u])
      labelOut[u] = lv; // want "inter-block write-write race on global labelOut with line 39" "intra-warp write-write race on global labelOut with line 39"
  }
}

int main() {
  // A ring with chords: v is adjacent to v - 1, v + 1 and v + 32 (mod N).
  const int deg = 3;
  int *hIndex = (int *)malloc((N + 1) * sizeof(int));
  int *hList = (int *)malloc(N * deg * sizeof(int));
  int hLabel[N];
  for (int v = 0; v < N; v++) {
    hIndex[v] = v * deg;
    hList[v * deg] = (v + N - 1) % N;
    hList[v * deg + 1] = (v + 1) % N;
    hList[v * deg + 2] = (v + 32) % N;
    hLabel[v] = (v * 37) % N;
  }
  hIndex[N] = N * deg;

  int *nindex, *nlist, *labelIn, *labelOut;
  cudaMalloc(&nindex, (N + 1) * sizeof(int));
  cudaMalloc(&nlist, N * deg * sizeof(int));
  cudaMalloc(&labelIn, N * sizeof(int));
  cudaMalloc(&labelOut, N * sizeof(int));
  cudaMemcpy(nindex, hIndex, (N + 1) * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(nlist, hList, N * deg * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(labelIn, hLabel, sizeof(hLabel), cudaMemcpyHostToDevice);
  cudaMemcpy(labelOut, labelIn, sizeof(hLabel), cudaMemcpyDeviceToDevice);

  condNeighbor<<<N / THREADS, THREADS>>>(nindex, nlist, labelIn, labelOut, N);
  cudaDeviceSynchronize();

  cudaMemcpy(hLabel, labelOut, sizeof(hLabel), cudaMemcpyDeviceToHost);
  int changed = 0;
  for (int v = 0; v < N; v++)
    changed += hLabel[v] != (v * 37) % N;
  printf("%d labels lowered\n", changed);
  cudaFree(nindex);
  cudaFree(nlist);
  cudaFree(labelIn);
  cudaFree(labelOut);
  free(hIndex);
  free(hList);
  return 0;
}
