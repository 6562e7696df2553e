// level_sizes_racy: level_sizes_ok with the bug of a coarser level's
// stride halved once more than its width (ps[l - 1] = nw / 2): a row of
// that level is longer than its stride, so pixel (ix, iy) of one row and
// pixel (ix - stride, iy + 1) of the next write the same element. The
// finest level's stride is right; the race is in the levels the loop
// fills, which hgrd sees only through what the host stored there.
#include <cstdlib>

#define ALIGN 32

static int alignUp(int n) {
  int mod = n % ALIGN;
  return mod ? n + ALIGN - mod : n;
}

__global__ void derivative(int width, int height, int stride, float *out) {
  int ix = threadIdx.x + blockIdx.x * blockDim.x;
  int iy = threadIdx.y + blockIdx.y * blockDim.y;
  if (ix >= width || iy >= height)
    return;
  out[ix + iy * stride] = (float)(ix - iy); // want "inter-block write-write race on global out with line 21" "intra-block write-write race on global out with line 21"
}

int main(int argc, char **argv) {
  if (argc < 4)
    return 1;
  int width = atoi(argv[1]);
  int height = atoi(argv[2]);
  int levels = atoi(argv[3]);
  if (width < 1 || height < 1 || levels < 1 || levels > 8)
    return 1;
  int *pw = new int[levels];
  int *ph = new int[levels];
  int *ps = new int[levels];
  int top = levels - 1;
  pw[top] = width;
  ph[top] = height;
  ps[top] = alignUp(width);
  for (int l = top; l > 0; --l) {
    int nw = pw[l] / 2;
    int nh = ph[l] / 2;
    pw[l - 1] = nw;
    ph[l - 1] = nh;
    ps[l - 1] = nw / 2;
  }
  float *out;
  cudaMalloc(&out, ps[top] * ph[top] * sizeof(float));
  for (int l = 0; l < levels; l++) {
    dim3 block(32, 6);
    dim3 grid((pw[l] + 31) / 32, (ph[l] + 5) / 6);
    derivative<<<grid, block>>>(pw[l], ph[l], ps[l], out);
  }
  cudaDeviceSynchronize();
  cudaFree(out);
  delete[] pw;
  delete[] ph;
  delete[] ps;
  return 0;
}
