// toneMapping_racy: toneMapping_ok with the grid rounded up, so it is no
// longer bounded by the width passed to the kernel (HGRD paper, figure 3,
// relation broken: grid((hWidth + 15) / 16, ...)).
//
// x now ranges up to 16*ceil(width/16) - 1, and pixel (x = width + k, y)
// writes the same element as (x = k, y + 1). 16x16 blocks, linear id
// tx + 16*ty; write-write races on the one store (channels = 4):
//   - intra-warp:  width = 1: (x=1,y=0) lin 1 and (x=0,y=1) lin 16, warp 0;
//   - intra-block: width = 1: (x=2,y=0) lin 2 (warp 0), (x=0,y=2) lin 32 (warp 1);
//   - inter-block: width = 17: (x=17,y=0) in block (1,0), (x=0,y=1) in block (0,0).
#include <cstdio>
#include <cstdlib>

__global__ void toneMapping(const float *hdr, float *output, int width,
                            int channels, float exposure) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int p = (width * y + x) * 3;
  float lum = 0.2126f * hdr[p] + 0.7152f * hdr[p + 1] + 0.0722f * hdr[p + 2];
  float val = lum * exposure / (1.0f + lum * exposure);
  output[width * channels * y + (x * channels)] = val; // want "inter-block write-write race on global output with line 21" "intra-block write-write race on global output with line 21" "intra-warp write-write race on global output with line 21"
}

void compress(const float *hdr, float *output, int hWidth, int hHeight) {
  dim3 block(16, 16);
  dim3 grid((hWidth + 15) / 16, hHeight / 16); // rounded up: x may reach hWidth
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
