// seed_mask_racy: a block clears a candidate mask and marks the seed in
// it, as qtclustering's kernels do, with no barrier between the two:
// thread 0 may mark the seed before the thread that clears the seed's
// slot has cleared it, and the slot ends 0. A real race, within a warp
// and between warps, for any seed in the mask; its report has no note on
// values hgrd could not see. seed_mask_ok puts the barrier in.
#include <cassert>
#include <cstdlib>

#define THREADS 128

__global__ void seed_cluster(int *m, int n, int seed) {
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    m[i] = 0; // want "intra-block write-write race on global m with line 16" "intra-warp write-write race on global m with line 16"
  if (threadIdx.x == 0)
    m[seed] = 1;
  __syncthreads();
}

int main(int argc, char **argv) {
  int n = atoi(argv[1]);
  int seed = atoi(argv[2]);
  assert(n > 0 && n <= 1 << 20 && seed >= 0 && seed < n);
  int *mask;
  cudaMalloc(&mask, n * sizeof(int));
  seed_cluster<<<1, THREADS>>>(mask, n, seed);
  cudaDeviceSynchronize();
  return 0;
}
