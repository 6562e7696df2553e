// A pitched allocation: the kernel's row argument is the pitch that
// cudaMallocPitch returned, and the host facts say it is at least the
// requested row width in bytes.
#include <cstdlib>

__global__ void rows(float *m, size_t pitch, int width) {
  float *row = (float *)((char *)m + blockIdx.x * pitch);
  if (threadIdx.x < width)
    row[threadIdx.x] = 0;
}

int main(int argc, char **argv) {
  int width = atoi(argv[1]);
  float *m;
  size_t pitch;
  cudaMallocPitch((void **)&m, &pitch, width * sizeof(float), 8); // @alloc
  rows<<<8, 256>>>(m, pitch, width);
  return 0;
}
