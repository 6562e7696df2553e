// convSeparable_racy: convSeparable_ok with the grid rounded up, so it no
// longer follows the width that is the row pitch (relation broken:
// blocks((imageW + STEPS*16 - 1) / (STEPS*16), ...)).
//
// x reaches up to 64*ceil(imageW/64) - 1 >= pitch, and (x = pitch + k, y)
// writes the element of (x = k, y + 1). 16x4 blocks, linear id tx + 16*ty;
// write-write races on the one store dst[y*pitch + x]:
//   - intra-warp:  imageW = 1: (tx=1,ty=0,s=0) and (tx=0,ty=1,s=0), lins 1, 16;
//   - intra-block: imageW = 1: (tx=2,ty=0) lin 2 (warp 0), (tx=0,ty=2) lin 32 (warp 1);
//   - inter-block: imageW = 1, imageH = 8: (tx=0,ty=0,s=0) of block (0,1)
//     (y = 4, element 4) and (tx=4,ty=0,s=0) of block (0,0).
// The loads of src and the store to dst are different allocations.
#include <cstdio>
#include <cstdlib>

#define RADIUS 4
#define BX 16
#define BY 4
#define STEPS 4

__constant__ float c_kernel[2 * RADIUS + 1];

__global__ void convolutionRows(float *dst, const float *src, int imageW,
                                int imageH, int pitch) {
  int baseX = blockIdx.x * STEPS * BX + threadIdx.x;
  int y = blockIdx.y * BY + threadIdx.y;
  for (int s = 0; s < STEPS; s++) {
    int x = baseX + s * BX;
    float sum = 0.0f;
    for (int j = -RADIUS; j <= RADIUS; j++) {
      int xx = x + j;
      if (xx >= 0 && xx < imageW)
        sum += c_kernel[RADIUS - j] * src[y * pitch + xx];
    }
    dst[y * pitch + x] = sum; // want "inter-block write-write race on global dst with line 35" "intra-block write-write race on global dst with line 35" "intra-warp write-write race on global dst with line 35"
  }
}

int main(int argc, char **argv) {
  if (argc < 3)
    return 1;
  int imageW = atoi(argv[1]);
  int imageH = atoi(argv[2]);
  float h_kernel[2 * RADIUS + 1];
  for (int k = 0; k <= 2 * RADIUS; k++)
    h_kernel[k] = 1.0f / (2 * RADIUS + 1);
  cudaMemcpyToSymbol(c_kernel, h_kernel, sizeof(h_kernel));
  float *src, *dst;
  cudaMalloc(&src, (size_t)imageW * imageH * sizeof(float));
  cudaMalloc(&dst, (size_t)imageW * imageH * sizeof(float));
  cudaMemset(src, 0, (size_t)imageW * imageH * sizeof(float));

  dim3 blocks((imageW + STEPS * BX - 1) / (STEPS * BX), imageH / BY);
  dim3 threads(BX, BY);
  convolutionRows<<<blocks, threads>>>(dst, src, imageW, imageH, imageW);
  cudaDeviceSynchronize();

  float first;
  cudaMemcpy(&first, dst, sizeof(float), cudaMemcpyDeviceToHost);
  printf("dst[0] = %f\n", first);
  cudaFree(src);
  cudaFree(dst);
  return 0;
}
