// argv_options_ok: sizes set by an option loop and checked there.
//
// main starts with width = 1024 and lets "-w N" replace it, exiting
// unless N is a positive multiple of 32. After the loop width is just a
// loop variable to the host walk, but every value it can hold is either
// 1024 or one that passed the check, so width % 32 == 0 at the launch.
// fill<<<(width + 31) / 32, height>>> then has exactly width threads
// along x, and thread (x, y) stores img[y * width + x] alone: race-free.
// argv_options_racy drops the check.
#include <cstdio>
#include <cstdlib>
#include <cstring>

__global__ void fill(float *img, int width) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y;
  img[y * width + x] = x + y; // no x < width test: the host sees to it
}

int main(int argc, char **argv) {
  int width = 1024, height = 768;
  for (int i = 1; i + 1 < argc; i++) {
    if (strcmp(argv[i], "-w") == 0) {
      width = atoi(argv[++i]);
      if (width % 32 != 0 || width <= 0) {
        fprintf(stderr, "-w takes a positive multiple of 32\n");
        exit(1);
      }
    } else if (strcmp(argv[i], "-h") == 0) {
      height = atoi(argv[++i]);
      if (height <= 0)
        exit(1);
    }
  }
  float *img;
  cudaMalloc(&img, (size_t)width * height * sizeof(float));
  fill<<<dim3((width + 31) / 32, height), 32>>>(img, width);
  cudaDeviceSynchronize();
  cudaFree(img);
  return 0;
}
