// indexing_3d: a 3D grid of 3D blocks over a 16 x 16 x 8 volume, launched
// with dim3 grid(2, 2, 2) and dim3 block(8, 8, 4).
//
// fill3d: each thread writes its own voxel: race-free.
//
// flatten_racy projects the volume onto a 16 x 16 image but every z-slice
// writes the same pixel img[y * 16 + x]. Threads with equal x and y and
// different z collide:
//   - in different blocks: blockIdx.z 0 and 1 (inter-block);
//   - in one block: threadIdx.z 0 and 1. The linear thread id is
//     tx + 8 * ty + 64 * tz, so they are 64 apart, in different warps
//     (intra-block). Two threads of one warp share tz and so never collide.
#include <cstdio>

#define NX 16
#define NY 16
#define NZ 8

__global__ void fill3d(float *vol) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int z = blockIdx.z * blockDim.z + threadIdx.z;
  vol[(z * NY + y) * NX + x] = x + y + z;
}

__global__ void flatten_racy(float *img, const float *vol) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int z = blockIdx.z * blockDim.z + threadIdx.z;
  img[y * NX + x] = vol[(z * NY + y) * NX + x]; // want "inter-block write-write race on global img with line 30" "intra-block write-write race on global img with line 30"
}

int main() {
  float *vol, *img;
  cudaMalloc(&vol, NX * NY * NZ * sizeof(float));
  cudaMalloc(&img, NX * NY * sizeof(float));

  dim3 block(8, 8, 4);
  dim3 grid(NX / 8, NY / 8, NZ / 4);
  fill3d<<<grid, block>>>(vol);
  flatten_racy<<<grid, block>>>(img, vol);
  cudaDeviceSynchronize();

  float h[NX * NY];
  cudaMemcpy(h, img, sizeof(h), cudaMemcpyDeviceToHost);
  printf("img[17] = %f (from some z)\n", h[17]);
  cudaFree(vol);
  cudaFree(img);
  return 0;
}
