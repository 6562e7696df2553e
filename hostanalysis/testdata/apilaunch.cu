#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void step(int *data) {
  data[blockIdx.x] = 1;
  cg::this_grid().sync();
}

int main() {
  int *d;
  cudaMalloc(&d, 8 * sizeof(int));
  void *args[] = {&d};
  cudaLaunchCooperativeKernel((void *)step, dim3(8), dim3(128), args, 0, 0);
  cudaLaunchKernel((void *)step, 2, 32, args, 0, 0);
  return 0;
}
