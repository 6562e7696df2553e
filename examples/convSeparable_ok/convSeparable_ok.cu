// convSeparable_ok: the row pass of a separable convolution, race-free
// because the grid is derived from the image width that is also the row
// pitch (HGRD paper, table 4: convolutionSeparable from the CUDA samples).
//
// Each thread computes STEPS outputs of row y, 16 columns apart:
// dst[y*pitch + x] for x = blockIdx.x*STEPS*16 + threadIdx.x + 16*s.
// Host fact: grid(imageW / (STEPS*16), imageH / 4) and pitch = imageW (one
// host value). So x < (imageW/(STEPS*16))*STEPS*16 <= imageW = pitch and
// (x, y) -> y*pitch + x is one-to-one. Rounding the grid up
// (convSeparable_racy) lets x reach pitch and rows overlap.
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
    dst[y * pitch + x] = sum;
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

  dim3 blocks(imageW / (STEPS * BX), imageH / BY);
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
