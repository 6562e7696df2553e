// pitch_rows_racy: the first labels of a connected-component labelling,
// one per pixel of an image stored in rows of `stride` elements, of which
// the first `width` are pixels, with the sizes read from the command line
// (opticalFlow's kernels get theirs from a caller in another file).
//
// Thread (x, y) writes its pixel's number at element y * stride + x. Rows
// are apart when the stride is at least the width; the host never checks
// it, and with stride 1 and width 2 thread (1, 0) writes 1 where thread
// (0, 1) writes 2.
// The races are reported with a note that they need stride < width;
// pitch_rows_ok asserts that it is not.
#include <cstdlib>

__global__ void init_labels(int *label, int width, int height, int stride) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < width && y < height)
    label[y * stride + x] = y * width + x; // want "inter-block write-write race on global label with line 18" "intra-block write-write race on global label with line 18" "intra-warp write-write race on global label with line 18"
}

int main(int argc, char **argv) {
  int width = atoi(argv[1]);
  int height = atoi(argv[2]);
  int stride = atoi(argv[3]);
  int *label;
  cudaMalloc(&label, (size_t)stride * height * sizeof(int));
  dim3 block(16, 16);
  dim3 grid((width + 15) / 16, (height + 15) / 16);
  init_labels<<<grid, block>>>(label, width, height, stride);
  cudaDeviceSynchronize();
  return 0;
}
