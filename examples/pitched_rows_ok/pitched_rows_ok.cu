// pitched_rows_ok: an image of width x height floats from the command
// line, in a pitched allocation, each thread scaling its pixel in place.
//
// Thread (r, c) (r the global y index, c the global x index) addresses
// its row as a byte pointer: (char *)img + r * pitch, then element c of
// it. Host fact: cudaMallocPitch returns a pitch of at least
// width * sizeof(float) bytes, and the guard keeps c < width, so each
// thread's 4 bytes lie inside its row of pitch bytes: threads of
// different rows never meet, and in one row the columns differ.
// Kernel-only, pitch is any value (pitch = 4 makes row 1, column 0 the
// byte of row 0, column 1); with width and height unknown, r * pitch is a
// product of two unknowns, which hgrd reads as rows of pitch bytes.
#include <cstdio>
#include <cstdlib>

__global__ void scale(float *img, size_t pitch, int width, int height, float k) {
  int r = blockIdx.y * blockDim.y + threadIdx.y;
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < height && c < width) {
    float *row = (float *)((char *)img + r * pitch);
    row[c] = k * row[c];
  }
}

int main(int argc, char **argv) {
  if (argc < 3)
    return 1;
  int width = atoi(argv[1]), height = atoi(argv[2]);
  float *img;
  size_t pitch;
  cudaMallocPitch((void **)&img, &pitch, width * sizeof(float), height);
  cudaMemset2D(img, pitch, 0, width * sizeof(float), height);
  dim3 block(16, 16);
  dim3 grid((width + 15) / 16, (height + 15) / 16);
  scale<<<grid, block>>>(img, pitch, width, height, 0.5f);
  cudaDeviceSynchronize();
  printf("done\n");
  cudaFree(img);
  return 0;
}
