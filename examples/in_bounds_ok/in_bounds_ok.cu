// in_bounds_ok: a witness must keep each access inside its allocation; a
// collision that needs an index outside it is an out-of-bounds access,
// another bug, not a race.
//
// invert reads and writes pixel y * width + x of a width x height image
// (the guard keeps x and y inside it, and the allocation holds width *
// height bytes): every thread has its own pixel.
#include <cassert>
#include <cstdlib>

__global__ void invert(unsigned char *img, int width, int height) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < width && y < height)
    img[y * width + x] = 255 - img[y * width + x];
}

int main(int argc, char **argv) {
  int width = atoi(argv[1]), height = atoi(argv[2]);
  assert(width > 0 && height > 0);
  unsigned char *img;
  cudaMalloc(&img, (size_t)width * height);
  dim3 block(16, 16);
  dim3 grid((width + 15) / 16, (height + 15) / 16);
  invert<<<grid, block>>>(img, width, height);
  return 0;
}
