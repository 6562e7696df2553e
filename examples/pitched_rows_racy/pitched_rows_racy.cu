// pitched_rows_racy: pitched_rows_ok's image with the row index missing
// its block's offset: r = blockIdx.y + threadIdx.y instead of
// blockIdx.y * blockDim.y + threadIdx.y.
//
// Each thread's bytes still lie inside its row (c < width, and the pitch
// is at least width * sizeof(float)), but rows now repeat across blocks:
// thread (tx, ty = 1) of block (bx, 0) and thread (tx, 0) of block
// (bx, 1) both have r = 1 and scale the same pixel, each reading it and
// writing its own product: a write-write and a write-read race between
// blocks (inter-block). Within a block, threadIdx.y alone tells rows
// apart, so no two threads of one block meet.
#include <cstdio>
#include <cstdlib>

__global__ void scale(float *img, size_t pitch, int width, int height, float k) {
  int r = blockIdx.y + threadIdx.y;
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < height && c < width) {
    float *row = (float *)((char *)img + r * pitch);
    row[c] = k * row[c]; // want "inter-block write-write race on global img with line 20" "inter-block (write-read|read-write) race on global img with line 20"
  }
}

int main(int argc, char **argv) {
  if (argc < 3)
    return 1;
  int width = atoi(argv[1]), height = atoi(argv[2]);
  float *img;
  size_t pitch;
  cudaMallocPitch((void **)&img, &pitch, width * sizeof(float), height);
  dim3 block(16, 16);
  dim3 grid((width + 15) / 16, (height + 15) / 16);
  scale<<<grid, block>>>(img, pitch, width, height, 0.5f);
  cudaDeviceSynchronize();
  printf("done\n");
  cudaFree(img);
  return 0;
}
