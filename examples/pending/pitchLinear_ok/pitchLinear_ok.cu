// pitchLinear_ok: the shift kernel of the CUDA samples' simplePitchLinear
// texture example, race-free thanks to what the host's cudaMallocPitch
// guarantees about the row size it returns (HGRD paper, figure 5).
//
// Simplified: the texture fetch is a plain read of a source array. Thread
// (xid, yid) writes matrix[yid * (rowSize / 4) + xid]; the grid is
// (width / 16, height / 16) with 16x16 blocks, so xid < width.
// Host fact: rowSize is hRowSize, the pitch (in bytes) returned by
// cudaMallocPitch(&matrix, &hRowSize, width * sizeof(float), height); it is
// positive and at least width * sizeof(float), so rowSize / 4 >= width > xid
// and (xid, yid) -> yid*(rowSize/4) + xid is one-to-one.
// pitchLinear_racy passes the row size in elements instead of bytes, so the
// kernel's rowSize / 4 is a quarter of the row and rows overlap.
#include <cstdio>
#include <cstdlib>

__global__ void shift(float *matrix, int rowSize, const float *src, int width,
                      int height, int shiftX) {
  int xid = blockIdx.x * blockDim.x + threadIdx.x;
  int yid = blockIdx.y * blockDim.y + threadIdx.y;
  int sx = (xid + shiftX) % width;
  matrix[yid * (rowSize / 4) + xid] = src[yid * width + sx];
}

int main(int argc, char **argv) {
  if (argc < 3)
    return 1;
  int width = atoi(argv[1]);
  int height = atoi(argv[2]);
  float *matrix, *src;
  size_t hRowSize;
  cudaMallocPitch((void **)&matrix, &hRowSize, width * sizeof(float), height);
  cudaMalloc(&src, (size_t)width * height * sizeof(float));
  cudaMemset(src, 0, (size_t)width * height * sizeof(float));

  dim3 block(16, 16);
  dim3 grid(width / 16, height / 16);
  shift<<<grid, block>>>(matrix, (int)hRowSize, src, width, height, 3);
  cudaDeviceSynchronize();

  float first;
  cudaMemcpy(&first, matrix, sizeof(float), cudaMemcpyDeviceToHost);
  printf("matrix[0] = %f\n", first);
  cudaFree(matrix);
  cudaFree(src);
  return 0;
}
