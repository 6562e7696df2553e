// The optional parts of hgrd's prelude: cooperative groups, half precision,
// texture references and objects, the samples' helper_math.h vector
// arithmetic, and device-side new/delete. It must compile on both sides.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cuda_fp16.h>
#include <helper_math.h>
#include <helper_cuda.h>

namespace cg = cooperative_groups;

texture<float, 1, cudaReadModeElementType> tex_in;
texture<uchar4, 2, cudaReadModeNormalizedFloat> tex_img;

// ---- cooperative groups ----
__global__ void groups(const int *in, int *out, int n) {
  cg::thread_block block = cg::this_thread_block();
  extern __shared__ int shm[];
  unsigned int t = block.thread_rank();
  shm[t] = t < n ? in[t] : 0;
  cg::sync(block);
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  int v = shm[t];
  for (int o = warp.size() / 2; o > 0; o /= 2)
    v += warp.shfl_down(v, o);
  cg::thread_block_tile<8> tile = cg::tiled_partition<8>(block);
  int w = cg::reduce(tile, shm[t], cg::plus<int>());
  tile.sync();
  if (warp.thread_rank() == 0)
    atomicAdd(out, v + w + tile.any(w > 0) + (int)warp.meta_group_rank());
  cg::grid_group grid = cg::this_grid();
  grid.sync();
  cg::coalesced_group active = cg::coalesced_threads();
  if (active.thread_rank() == 0)
    out[1] = active.size();
  block.sync();
}

// ---- half precision ----
__global__ void halves(__half *h, half2 *h2, float *f) {
  int i = threadIdx.x;
  __half a = h[i], b = __float2half(2.0f);
  h[i] = __hadd(a, b);
  f[i] = __half2float(__hmul(a, b)) + __low2float(h2[i]) + (float)a;
  h2[i] = h2[i] * __float2half2_rn(0.5f) + __floats2half2_rn(1.0f, 2.0f);
  __half s = __shfl_down_sync(0xffffffffu, a, 1);
  atomicAdd(&h[0], s);
  atomicAdd(&h2[0], h2[1]);
  if (__hgt(a, b))
    h[1] = hsqrt(a);
}

// ---- textures ----
__global__ void textures(float *out, float4 *out4, cudaTextureObject_t obj) {
  int i = threadIdx.x;
  out[i] = tex1Dfetch(tex_in, i) + tex1Dfetch<float>(obj, i) +
           tex2D<float>(obj, 0.5f, 0.5f);
  out4[i] = tex2D(tex_img, 1.0f, 2.0f);
}

// ---- helper_math.h and device new/delete ----
__global__ void vectors(float3 *p, int2 *q, float4 *f4) {
  int i = threadIdx.x;
  float3 a = p[i], b = make_float3(1.0f);
  p[i] = normalize(cross(a, b)) * 2.0f + lerp(a, b, 0.5f) - reflect(a, b) / 3.0f;
  a += b;
  q[i] = clamp(q[i] + make_int2(1), 0, 10) * 3;
  f4[i] = make_float4(a, length(a)) * dot(f4[i], f4[i]) + fminf(f4[i], f4[i]);
  float *tmp = new float[2];
  tmp[0] = smoothstep(0.0f, 1.0f, a.x);
  p[0].x = tmp[0];
  delete[] tmp;
}

int main(int argc, char **argv) {
  findCudaDevice(argc, (const char **)argv);
  int n = 256, *d_in, *d_out;
  checkCudaErrors(cudaMalloc(&d_in, n * sizeof(int)));
  checkCudaErrors(cudaMalloc(&d_out, n * sizeof(int)));
  groups<<<1, n, n * sizeof(int)>>>(d_in, d_out, n);
  void *args[] = {&d_in, &d_out, &n};
  checkCudaErrors(cudaLaunchCooperativeKernel(groups, 1, n, args,
                                              n * sizeof(int)));

  __half *h;
  half2 *h2;
  float *f;
  checkCudaErrors(cudaMalloc(&h, n * sizeof(__half)));
  checkCudaErrors(cudaMalloc(&h2, n * sizeof(half2)));
  checkCudaErrors(cudaMalloc(&f, n * sizeof(float)));
  halves<<<1, 32>>>(h, h2, f);

  checkCudaErrors(cudaBindTexture(0, tex_in, f, n * sizeof(float)));
  cudaResourceDesc rd;
  memset(&rd, 0, sizeof(rd));
  rd.resType = cudaResourceTypeLinear;
  rd.res.linear.devPtr = f;
  rd.res.linear.desc = cudaCreateChannelDesc<float>();
  rd.res.linear.sizeInBytes = n * sizeof(float);
  cudaTextureDesc td;
  memset(&td, 0, sizeof(td));
  cudaTextureObject_t obj;
  checkCudaErrors(cudaCreateTextureObject(&obj, &rd, &td, NULL));
  textures<<<1, 32>>>(f, (float4 *)f, obj);
  checkCudaErrors(cudaDestroyTextureObject(obj));
  checkCudaErrors(cudaUnbindTexture(tex_in));

  vectors<<<1, 32>>>((float3 *)f, (int2 *)d_in, (float4 *)f);
  float3 a = make_float3(1, 2, 3) * 2.0f + make_float3(1.0f);
  printf("%f\n", length(a));
  checkCudaErrors(cudaDeviceSynchronize());
  return 0;
}
