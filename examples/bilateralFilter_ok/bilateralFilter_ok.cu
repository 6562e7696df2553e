// bilateralFilter_ok: an edge-preserving bilateral filter over a grey
// image, after HeCBench's "bilateral" (HGRD paper, table 3: race-free).
//
// Thread (idx, idy) filters pixel (idx, idy): it loads the pixel and its
// (2R+1) x (2R+1) neighbourhood of the input image, mirrored at the
// borders, weighs each neighbour by its distance and by its difference in
// intensity, and stores the result to out[idy*w + idx].
//
// Launch: dim3 blocks((w + 15) / 16, (h + 15) / 16), dim3 threads(16, 16),
// with w and h the image size read from the command line and passed to the
// kernel. The grid is rounded up, so threads past the right and bottom
// edges exist; the kernel returns for them (idx >= w || idy >= h) before
// any access. Why there is no race:
//   - in is only read;
//   - out[idy*w + idx] is stored once per thread, and for idx < w the map
//     (idx, idy) -> idy*w + idx is one-to-one: two different threads store
//     different pixels, in one block or in different ones. Without the
//     guard, thread (w, y) would store the pixel of thread (0, y + 1).
#include <cstdio>
#include <cstdlib>
#include <cmath>

#define R 3

__global__ void bilateralFilter(const float *in, float *out, int w, int h,
                                float a_square, float variance_I,
                                float variance_spatial) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  int idy = blockIdx.y * blockDim.y + threadIdx.y;
  if (idx >= w || idy >= h)
    return;

  int id = idy * w + idx;
  float I = in[id];
  float res = 0.0f;
  float normalization = 0.0f;
  for (int i = -R; i <= R; i++) {
    for (int j = -R; j <= R; j++) {
      int idk = idx + i;
      int idl = idy + j;
      if (idk < 0)
        idk = -idk;
      if (idl < 0)
        idl = -idl;
      if (idk > w - 1)
        idk = w - 1 - i;
      if (idl > h - 1)
        idl = h - 1 - j;
      float I_w = in[idl * w + idk];
      float range = -(I - I_w) * (I - I_w) / (2.0f * variance_I);
      float spatial = -((idk - idx) * (idk - idx) + (idl - idy) * (idl - idy)) /
                      (2.0f * variance_spatial);
      float weight = a_square * expf(spatial + range);
      normalization += weight;
      res += I_w * weight;
    }
  }
  out[id] = res / normalization;
}

int main(int argc, char **argv) {
  if (argc < 3)
    return 1;
  int w = atoi(argv[1]);
  int h = atoi(argv[2]);
  if (w <= R || h <= R)
    return 1;
  size_t bytes = (size_t)w * h * sizeof(float);
  float *hImg = (float *)malloc(bytes);
  for (int p = 0; p < w * h; p++)
    hImg[p] = (float)((p * 31) % 256) / 255.0f;
  float *in, *out;
  cudaMalloc(&in, bytes);
  cudaMalloc(&out, bytes);
  cudaMemcpy(in, hImg, bytes, cudaMemcpyHostToDevice);

  dim3 threads(16, 16);
  dim3 blocks((w + 15) / 16, (h + 15) / 16);
  float a_square = 0.5f;
  float variance_I = 0.1f;
  float variance_spatial = 4.0f;
  bilateralFilter<<<blocks, threads>>>(in, out, w, h, a_square, variance_I,
                                       variance_spatial);
  cudaDeviceSynchronize();

  cudaMemcpy(hImg, out, bytes, cudaMemcpyDeviceToHost);
  double sum = 0.0;
  for (int p = 0; p < w * h; p++)
    sum += hImg[p];
  printf("mean %f\n", sum / ((double)w * h));
  cudaFree(in);
  cudaFree(out);
  free(hImg);
  return 0;
}
