// out_param_racy: out_param_ok with the kernel's test and index mixed
// up: it tests the column against the stride, as if it wrote padded
// rows, but indexes packed rows of width pixels.
//
// When the width is not a multiple of 32, the stride exceeds it, and
// thread (x, y) with width <= x < stride writes pixel x - width of row
// y + 1, which thread (x - width, y + 1) writes too, with another value:
// a write-write race across blocks, and within a block when the width is
// below 32. The two threads have different threadIdx.y, so they are
// never in one warp. hgrd finds it with the stride the loader wrote.
#include <cstdio>
#include <cstdlib>

// fade darkens each row from left to right.
__global__ void fade(const float *in, float *out, int w, int h, int s) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < s && y < h)
    out[y * w + x] = in[y * s + x] * (1.0f - (float)x / w); // want "inter-block write-write race on global out with line 19" "intra-block write-write race on global out with line 19"
}

int alignUp(int n) { return n % 32 ? n + 32 - n % 32 : n; }

// loadImage reads a binary PPM (P6) file and converts its pixels to grey
// levels in [0, 1], in rows of s floats.
bool loadImage(const char *name, float *&data, int &w, int &h, int &s) {
  FILE *f = fopen(name, "rb");
  if (!f) {
    fprintf(stderr, "%s: cannot open\n", name);
    return false;
  }
  char magic[3] = {0};
  unsigned iw = 0, ih = 0, maxval = 0;
  if (fscanf(f, "%2s %u %u %u", magic, &iw, &ih, &maxval) != 4 || magic[0] != 'P' || magic[1] != '6' ||
      maxval == 0 || maxval > 255) {
    fprintf(stderr, "%s: not a binary PPM file\n", name);
    fclose(f);
    return false;
  }
  fgetc(f);
  unsigned char *rgb = (unsigned char *)malloc((size_t)iw * ih * 3);
  if (fread(rgb, 3, (size_t)iw * ih, f) != (size_t)iw * ih) {
    fprintf(stderr, "%s: truncated\n", name);
    free(rgb);
    fclose(f);
    return false;
  }
  fclose(f);
  w = iw;
  h = ih;
  s = alignUp(w);
  data = (float *)calloc((size_t)s * h, sizeof(float));
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      const unsigned char *p = rgb + 3 * ((size_t)y * w + x);
      data[(size_t)y * s + x] = (0.299f * p[0] + 0.587f * p[1] + 0.114f * p[2]) / maxval;
    }
  free(rgb);
  printf("%s: %d x %d\n", name, w, h);
  return true;
}

int main(int argc, char **argv) {
  if (argc < 3)
    return 1;
  float *src, *dst;
  int width, height, stride;
  if (!loadImage(argv[1], src, width, height, stride))
    exit(1);
  if (!loadImage(argv[2], dst, width, height, stride))
    exit(1);
  float *in, *out;
  size_t bytes = (size_t)stride * height * sizeof(float);
  cudaMalloc(&in, bytes);
  cudaMalloc(&out, bytes);
  cudaMemcpy(in, src, bytes, cudaMemcpyHostToDevice);
  dim3 block(32, 8);
  dim3 grid((width + 31) / 32, (height + 7) / 8);
  fade<<<grid, block>>>(in, out, width, height, stride);
  cudaMemcpy(dst, out, bytes, cudaMemcpyDeviceToHost);
  cudaFree(in);
  cudaFree(out);
  free(src);
  free(dst);
  return 0;
}
