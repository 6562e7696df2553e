// pitchLinear_racy: pitchLinear_ok passing the row size in elements
// (hRowSize / sizeof(float)) to a kernel that expects bytes, so the kernel's
// stride rowSize / 4 is a quarter of the row (allocation fact broken: the
// stride is no longer the allocated row size).
//
// Unlike pitchLinear_ok, the sizes come from the command line. With
// width = 16 and an unpadded pitch of 64 bytes (stride 4 elements, as far
// as the kernel is concerned; with the usual 512-byte alignment only the
// inter-block race is left),
// thread (xid, yid) writes element 4*yid + xid. 16x16 blocks,
// linear id tx + 16*ty, write-write races on the one store:
//   - intra-warp:  (xid=4,yid=0) lin 4 and (xid=0,yid=1) lin 16, warp 0;
//   - intra-block: (xid=8,yid=0) lin 8 (warp 0) and (xid=0,yid=2) lin 32 (warp 1);
//   - inter-block: width = 16, height = 32: element 64 is written by
//     (xid=0,yid=16) in block (0,1) and (xid=12,yid=13) in block (0,0).
#include <cstdio>
#include <cstdlib>

__global__ void shift(float *matrix, int rowSize, const float *src, int width,
                      int height, int shiftX) {
  int xid = blockIdx.x * blockDim.x + threadIdx.x;
  int yid = blockIdx.y * blockDim.y + threadIdx.y;
  int sx = (xid + shiftX) % width;
  matrix[yid * (rowSize / 4) + xid] = src[yid * width + sx]; // want "inter-block write-write race on global matrix with line 24" "intra-block write-write race on global matrix with line 24" "intra-warp write-write race on global matrix with line 24"
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
  shift<<<grid, block>>>(matrix, (int)(hRowSize / sizeof(float)), src, width, height, 3);
  cudaDeviceSynchronize();

  float first;
  cudaMemcpy(&first, matrix, sizeof(float), cudaMemcpyDeviceToHost);
  printf("matrix[0] = %f\n", first);
  cudaFree(matrix);
  cudaFree(src);
  return 0;
}
