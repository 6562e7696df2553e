// Pitched allocations: the kernel's row argument is the pitch that
// cudaMallocPitch returned, and the host facts say it is at least the
// requested row width in bytes; a volume from cudaMalloc3D passes its
// cudaPitchedPtr, whose pitch field has the same fact about the extent's
// width, and whose xsize and ysize are the extent's width and height, or
// passes the struct's pointer and pitch as arguments of their own.
#include <cstdlib>

__global__ void rows(float *m, size_t pitch, int width) {
  float *row = (float *)((char *)m + blockIdx.x * pitch);
  if (threadIdx.x < width)
    row[threadIdx.x] = 0;
}

__global__ void volume(cudaPitchedPtr v, size_t xsize, size_t ysize) {
  float *row = (float *)((char *)v.ptr + blockIdx.x * v.pitch);
  if (threadIdx.x * sizeof(float) < xsize && blockIdx.x < ysize)
    row[threadIdx.x] = 0;
}

void volumes(int width, int height) {
  cudaPitchedPtr v;
  cudaMalloc3D(&v, make_cudaExtent(width * sizeof(float), height, 4)); // @malloc3d
  volume<<<height, 256>>>(v, v.xsize, v.ysize);
  rows<<<height, 256>>>((float *)v.ptr, v.pitch, width);
}

int main(int argc, char **argv) {
  int width = atoi(argv[1]);
  float *m;
  size_t pitch;
  cudaMallocPitch((void **)&m, &pitch, width * sizeof(float), 8); // @alloc
  rows<<<8, 256>>>(m, pitch, width);
  volumes(width, atoi(argv[2]));
  return 0;
}
