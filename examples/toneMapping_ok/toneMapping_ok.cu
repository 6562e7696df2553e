// toneMapping_ok: the grid and a width parameter come from the same host
// value (HGRD paper, figure 3: toneMapping from HeCBench).
//
// Each thread maps the RGB pixel (x, y) of an HDR image to a luminance value
// and writes it to output[width*channels*y + x*channels]; the kernel does not
// check x against width.
// Host fact: dim3 grid(hWidth / 16, hHeight / 16) with 16x16 blocks, and the
// kernel's width is the same hWidth. Hence x < (hWidth/16)*16 <= width and
// y < hHeight, so (x, y) -> width*channels*y + x*channels is one-to-one.
// With the grid rounded up instead (toneMapping_racy), x can reach width and
// the last pixels of a row alias the first ones of the next row.
#include <cstdio>
#include <cstdlib>

__global__ void toneMapping(const float *hdr, float *output, int width,
                            int channels, float exposure) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int p = (width * y + x) * 3;
  float lum = 0.2126f * hdr[p] + 0.7152f * hdr[p + 1] + 0.0722f * hdr[p + 2];
  float val = lum * exposure / (1.0f + lum * exposure);
  output[width * channels * y + (x * channels)] = val;
}

void compress(const float *hdr, float *output, int hWidth, int hHeight) {
  dim3 block(16, 16);
  dim3 grid(hWidth / 16, hHeight / 16);
  toneMapping<<<grid, block>>>(hdr, output, hWidth, 4, 1.5f);
}

int main(int argc, char **argv) {
  if (argc < 3)
    return 1;
  int w = atoi(argv[1]);
  int h = atoi(argv[2]);
  float *hdr, *out;
  cudaMalloc(&hdr, (size_t)w * h * 3 * sizeof(float));
  cudaMalloc(&out, (size_t)w * h * 4 * sizeof(float));
  cudaMemset(hdr, 0, (size_t)w * h * 3 * sizeof(float));

  compress(hdr, out, w, h);
  cudaDeviceSynchronize();

  float first;
  cudaMemcpy(&first, out, sizeof(float), cudaMemcpyDeviceToHost);
  printf("out[0] = %f\n", first);
  cudaFree(hdr);
  cudaFree(out);
  return 0;
}
