// in_bounds_racy: collisions that happen inside the objects.
//
// invert_t swaps x and y in the index of a W-wide image: x * W + y, with
// y up to height, meets the next column's: (x, y = W) and (x + 1, y = 0)
// for an image taller than wide, both inside the allocation. Such
// threads are 64 rows apart, never in one block of 16 rows. The witness
// shows in-bounds indices: a race needs an execution in which both
// accesses stay inside their allocation.
// spread halves its index: threads 0 and 1 both write s[0] with step 1.
#include <cassert>
#include <cstdlib>

#define W 64

__global__ void invert_t(unsigned char *img, int height) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < W && y < height)
    img[x * W + y] = 255 - img[x * W + y]; // want "inter-block write-write race on global img with line 19" "inter-block (read-write|write-read) race on global img with line 19"
}

__global__ void spread(float *out, int step) {
  __shared__ float s[128];
  s[threadIdx.x * step / 2] = threadIdx.x; // want "intra-warp write-write race on shared s with line 24" "intra-block write-write race on shared s with line 24"
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

int main(int argc, char **argv) {
  int height = atoi(argv[1]), step = atoi(argv[2]);
  assert(height > 0 && step >= 1);
  unsigned char *img;
  cudaMalloc(&img, (size_t)W * height);
  dim3 block(16, 16);
  dim3 grid(W / 16, (height + 15) / 16);
  invert_t<<<grid, block>>>(img, height);
  float *out;
  cudaMalloc(&out, 128 * sizeof(float));
  spread<<<1, 128>>>(out, step);
  return 0;
}
