// argv_options_racy: argv_options_ok without the check of "-w N".
//
// width may now be any positive number, say 40: fill<<<2, height>>> runs
// 64 threads along x, and thread x = 40 of row 0 (block (1, 0), thread
// 8) stores img[40], the cell thread x = 0 of row 1 (block (0, 1),
// thread 0) stores too.
#include <cstdio>
#include <cstdlib>
#include <cstring>

__global__ void fill(float *img, int width) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y;
  img[y * width + x] = x + y; // want "inter-block write-write race on global img with line 14"
}

int main(int argc, char **argv) {
  int width = 1024, height = 768;
  for (int i = 1; i + 1 < argc; i++) {
    if (strcmp(argv[i], "-w") == 0) {
      width = atoi(argv[++i]);
      if (width <= 0) {
        fprintf(stderr, "-w takes a positive number\n");
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
