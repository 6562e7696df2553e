// pitched_volume_racy: pitched_volume_ok with the slice offset missing
// its rows: slice z starts at z * pitch bytes instead of z * pitch *
// height, one row further than slice z - 1.
//
// Each thread's 4 bytes still lie inside its row of pitch bytes, but the
// row is now z + y: thread (x, y, z + 1) writes the voxel of thread
// (x, y + 1, z), each its own depth, z + 1 and z. With 16 x 8 x 4 blocks,
// the two are threads (tx, ty, tz + 1) and (tx, ty + 1, tz) of one block
// (intra-block: tz differs, and a warp is two rows of one tz), or, across
// the edge of a block, (tx, 7, 0) of block (bx, 0, 1) and (tx, 0, 3) of
// block (bx, 1, 0) (inter-block). No two lanes of a warp share a z, so
// none meet.
#include <cstdio>
#include <cstdlib>

__global__ void depth_ramp(cudaPitchedPtr vol, int width, int height, int depth) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int z = blockIdx.z * blockDim.z + threadIdx.z;
  if (x < width && y < height && z < depth) {
    char *base = (char *)vol.ptr;
    size_t pitch = vol.pitch;
    float *row = (float *)(base + z * pitch + y * pitch);
    row[x] = (float)z; // want "inter-block write-write race on global vol \\(field at byte 0\\) with line 24" "intra-block write-write race on global vol \\(field at byte 0\\) with line 24"
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
