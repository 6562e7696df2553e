// global_ww: write-write races between blocks on global memory.
//
// fill_racy is launched <<<4, 32>>> and every block writes out[threadIdx.x]:
// thread 5 of block 0 and thread 5 of block 1 both write out[5]
// (inter-block write-write). A block of 32 threads is one warp whose lanes
// write different elements, so there is no intra-block or intra-warp race.
//
// fill_ok offsets the index by the block, so every thread of the grid
// writes its own element: race-free.
//
// set_flag is launched <<<2, 64>>> and every thread writes flag[0]: two
// blocks (inter-block), warps 0 and 1 of one block (intra-block) and lanes
// 0 and 1 of one warp (intra-warp) all race, each reported separately.
#include <cstdio>

#define THREADS 32
#define BLOCKS 4

__global__ void fill_racy(int *out) {
  out[threadIdx.x] = blockIdx.x; // want "inter-block write-write race on global out with line 20"
}

__global__ void fill_ok(int *out) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = blockIdx.x;
}

__global__ void set_flag(int *flag) {
  flag[0] = threadIdx.x; // want "inter-block write-write race on global flag with line 28" "intra-block write-write race on global flag with line 28" "intra-warp write-write race on global flag with line 28"
}

int main() {
  int *small, *big, *flag;
  cudaMalloc(&small, THREADS * sizeof(int));
  cudaMalloc(&big, BLOCKS * THREADS * sizeof(int));
  cudaMalloc(&flag, sizeof(int));

  fill_racy<<<BLOCKS, THREADS>>>(small);
  fill_ok<<<BLOCKS, THREADS>>>(big);
  set_flag<<<2, 64>>>(flag);
  cudaDeviceSynchronize();

  int h[THREADS], f;
  cudaMemcpy(h, small, sizeof(h), cudaMemcpyDeviceToHost);
  cudaMemcpy(&f, flag, sizeof(int), cudaMemcpyDeviceToHost);
  printf("out[0] = %d (last block to write wins), flag = %d\n", h[0], f);

  cudaFree(small);
  cudaFree(big);
  cudaFree(flag);
  return 0;
}
