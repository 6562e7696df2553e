// pitchLinear_ok: the shift kernel of the CUDA samples' simplePitchLinear
// texture example, race-free thanks to what the host's cudaMallocPitch
// guarantees about the row size it returns (HGRD paper, figure 5).
//
// Simplified: the texture fetch is a plain read of a source array. As in
// the sample, the matrix is nx x ny = 2048 x 2048 floats. Thread
// (xid, yid) writes matrix[yid * (rowSize / 4) + xid]; the grid is
// (nx / 16, ny / 16) with 16x16 blocks, so xid < nx.
// Host fact: rowSize is hRowSize, the pitch (in bytes) returned by
// cudaMallocPitch(&matrix, &hRowSize, nx * sizeof(float), ny): the row
// width rounded up to the pitch alignment, so at least nx * 4 bytes and
// less than 2^31, rowSize / 4 >= nx > xid and (xid, yid) ->
// yid*(rowSize/4) + xid is one-to-one. Kernel-only, rowSize is any int,
// and rowSize = 0 makes every row write row 0.
//
// The sizes are constants, as in the sample, on purpose: with a width
// read from the command line, rows of 2^29 floats or more make the pitch
// exceed 2^31, (int)hRowSize wraps, and the rows really do overlap.
#include <cstdio>
#include <cstdlib>

#define NX 2048
#define NY 2048

__global__ void shift(float *matrix, int rowSize, const float *src, int width,
                      int height, int shiftX) {
  int xid = blockIdx.x * blockDim.x + threadIdx.x;
  int yid = blockIdx.y * blockDim.y + threadIdx.y;
  int sx = (xid + shiftX) % width;
  matrix[yid * (rowSize / 4) + xid] = src[yid * width + sx];
}

int main(int argc, char **argv) {
  int shiftX = argc > 1 ? atoi(argv[1]) : 3;
  float *matrix, *src;
  size_t hRowSize;
  cudaMallocPitch((void **)&matrix, &hRowSize, NX * sizeof(float), NY);
  cudaMalloc(&src, (size_t)NX * NY * sizeof(float));
  cudaMemset(src, 0, (size_t)NX * NY * sizeof(float));

  dim3 block(16, 16);
  dim3 grid(NX / 16, NY / 16);
  shift<<<grid, block>>>(matrix, (int)hRowSize, src, NX, NY, shiftX);
  cudaDeviceSynchronize();

  float first;
  cudaMemcpy(&first, matrix, sizeof(float), cudaMemcpyDeviceToHost);
  printf("matrix[0] = %f\n", first);
  cudaFree(matrix);
  cudaFree(src);
  return 0;
}
