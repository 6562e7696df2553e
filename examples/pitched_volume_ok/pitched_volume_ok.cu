// pitched_volume_ok: a volume of width x height x depth floats from the
// command line, allocated with cudaMalloc3D and addressed through its
// cudaPitchedPtr, as the CUDA programming guide shows; each voxel gets
// its depth coordinate.
//
// Thread (x, y, z) takes its slice at z * slicePitch bytes, with
// slicePitch = pitch * height, its row at y * pitch bytes in the slice,
// and element x of the row. Host facts: cudaMalloc3D returns a pitch of
// at least extent.width = width * sizeof(float) bytes, and the guard
// keeps x < width and y < height: each thread's 4 bytes lie inside its
// row, each row inside its slice, so distinct threads write distinct
// voxels. Kernel-only, the pitch is any value; with the sizes unknown,
// z * pitch * height and y * pitch are products of unknowns, which hgrd
// reads as rows of pitch bytes, then slices of height rows.
#include <cstdio>
#include <cstdlib>

__global__ void depth_ramp(cudaPitchedPtr vol, int width, int height, int depth) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int z = blockIdx.z * blockDim.z + threadIdx.z;
  if (x < width && y < height && z < depth) {
    char *base = (char *)vol.ptr;
    size_t pitch = vol.pitch;
    size_t slicePitch = pitch * height;
    float *row = (float *)(base + z * slicePitch + y * pitch);
    row[x] = (float)z;
  }
}

int main(int argc, char **argv) {
  if (argc < 4)
    return 1;
  int width = atoi(argv[1]), height = atoi(argv[2]), depth = atoi(argv[3]);
  cudaExtent extent = make_cudaExtent(width * sizeof(float), height, depth);
  cudaPitchedPtr vol;
  cudaMalloc3D(&vol, extent);
  dim3 block(16, 8, 4);
  dim3 grid((width + 15) / 16, (height + 7) / 8, (depth + 3) / 4);
  depth_ramp<<<grid, block>>>(vol, width, height, depth);
  cudaDeviceSynchronize();
  printf("done\n");
  cudaFree(vol.ptr);
  return 0;
}
