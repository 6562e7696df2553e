// seed_mask_ok: seed_mask_racy with a barrier between clearing the mask
// and marking the seed: every slot is cleared before thread 0 marks it.
#include <cassert>
#include <cstdlib>

#define THREADS 128

__global__ void seed_cluster(int *m, int n, int seed) {
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    m[i] = 0;
  __syncthreads();
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
