// pitch_rows_ok: pitch_rows_racy with the host asserting that rows are
// apart, stride >= width, before the launch: then no two threads write
// one element.
#include <cassert>
#include <cstdlib>

__global__ void init_labels(int *label, int width, int height, int stride) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < width && y < height)
    label[y * stride + x] = y * width + x;
}

int main(int argc, char **argv) {
  int width = atoi(argv[1]);
  int height = atoi(argv[2]);
  int stride = atoi(argv[3]);
  assert(stride >= width);
  int *label;
  cudaMalloc(&label, (size_t)stride * height * sizeof(int));
  dim3 block(16, 16);
  dim3 grid((width + 15) / 16, (height + 15) / 16);
  init_labels<<<grid, block>>>(label, width, height, stride);
  cudaDeviceSynchronize();
  return 0;
}
