// Calls every device builtin and every runtime API function of hgrd's
// prelude, and launches kernels in each form of <<<...>>>. It includes
// nothing: like nvcc, hgrd makes the CUDA API implicit. It must compile on
// both sides without errors.

__device__ int d_counter;
__constant__ float c_coeff[16];
__managed__ int m_flag;

struct Pair {
  int a, b;
};

// ---- atomics in every scope ----
__global__ void atomics(int *i, unsigned int *u, unsigned long long *ull,
                        long long *ll, float *f, double *d,
                        unsigned short *us) {
  // device scope
  atomicAdd(i, 1);
  atomicAdd(u, 1u);
  atomicAdd(ull, 1ull);
  atomicAdd(f, 1.0f);
  atomicAdd(d, 1.0);
  atomicSub(i, 1);
  atomicSub(u, 1u);
  atomicExch(i, 2);
  atomicExch(u, 2u);
  atomicExch(ull, 2ull);
  atomicExch(f, 2.0f);
  atomicMin(i, 3);
  atomicMin(u, 3u);
  atomicMin(ll, 3ll);
  atomicMin(ull, 3ull);
  atomicMax(i, 4);
  atomicMax(u, 4u);
  atomicMax(ll, 4ll);
  atomicMax(ull, 4ull);
  atomicInc(u, 10u);
  atomicDec(u, 10u);
  atomicCAS(i, 0, 5);
  atomicCAS(u, 0u, 5u);
  atomicCAS(ull, 0ull, 5ull);
  atomicCAS(us, (unsigned short)0, (unsigned short)5);
  atomicAnd(i, 6);
  atomicAnd(u, 6u);
  atomicAnd(ull, 6ull);
  atomicOr(i, 7);
  atomicOr(u, 7u);
  atomicOr(ull, 7ull);
  atomicXor(i, 8);
  atomicXor(u, 8u);
  atomicXor(ull, 8ull);

  // block scope
  atomicAdd_block(i, 1);
  atomicAdd_block(u, 1u);
  atomicAdd_block(ull, 1ull);
  atomicAdd_block(f, 1.0f);
  atomicAdd_block(d, 1.0);
  atomicSub_block(i, 1);
  atomicSub_block(u, 1u);
  atomicExch_block(i, 2);
  atomicExch_block(u, 2u);
  atomicExch_block(ull, 2ull);
  atomicExch_block(f, 2.0f);
  atomicMin_block(i, 3);
  atomicMin_block(u, 3u);
  atomicMin_block(ll, 3ll);
  atomicMin_block(ull, 3ull);
  atomicMax_block(i, 4);
  atomicMax_block(u, 4u);
  atomicMax_block(ll, 4ll);
  atomicMax_block(ull, 4ull);
  atomicInc_block(u, 10u);
  atomicDec_block(u, 10u);
  atomicCAS_block(i, 0, 5);
  atomicCAS_block(u, 0u, 5u);
  atomicCAS_block(ull, 0ull, 5ull);
  atomicCAS_block(us, (unsigned short)0, (unsigned short)5);
  atomicAnd_block(i, 6);
  atomicAnd_block(u, 6u);
  atomicAnd_block(ull, 6ull);
  atomicOr_block(i, 7);
  atomicOr_block(u, 7u);
  atomicOr_block(ull, 7ull);
  atomicXor_block(i, 8);
  atomicXor_block(u, 8u);
  atomicXor_block(ull, 8ull);

  // system scope
  atomicAdd_system(i, 1);
  atomicAdd_system(u, 1u);
  atomicAdd_system(ull, 1ull);
  atomicAdd_system(f, 1.0f);
  atomicAdd_system(d, 1.0);
  atomicSub_system(i, 1);
  atomicSub_system(u, 1u);
  atomicExch_system(i, 2);
  atomicExch_system(u, 2u);
  atomicExch_system(ull, 2ull);
  atomicExch_system(f, 2.0f);
  atomicMin_system(i, 3);
  atomicMin_system(u, 3u);
  atomicMin_system(ll, 3ll);
  atomicMin_system(ull, 3ull);
  atomicMax_system(i, 4);
  atomicMax_system(u, 4u);
  atomicMax_system(ll, 4ll);
  atomicMax_system(ull, 4ull);
  atomicInc_system(u, 10u);
  atomicDec_system(u, 10u);
  atomicCAS_system(i, 0, 5);
  atomicCAS_system(u, 0u, 5u);
  atomicCAS_system(ull, 0ull, 5ull);
  atomicCAS_system(us, (unsigned short)0, (unsigned short)5);
  atomicAnd_system(i, 6);
  atomicAnd_system(u, 6u);
  atomicAnd_system(ull, 6ull);
  atomicOr_system(i, 7);
  atomicOr_system(u, 7u);
  atomicOr_system(ull, 7ull);
  atomicXor_system(i, 8);
  atomicXor_system(u, 8u);
  atomicXor_system(ull, 8ull);

  // on shared and global variables
  __shared__ int s_hist[32];
  atomicAdd(&s_hist[threadIdx.x % 32], 1);
  atomicAdd(&d_counter, 1);
}

// ---- barriers and fences ----
__global__ void barriers(int *out) {
  out[threadIdx.x] = 1;
  __syncthreads();
  int c = __syncthreads_count(out[threadIdx.x] > 0);
  int a = __syncthreads_and(c > 0);
  int o = __syncthreads_or(a);
  __syncwarp();
  __syncwarp(0x0000ffffu);
  __threadfence_block();
  __threadfence();
  __threadfence_system();
  out[threadIdx.x] = c + a + o;
}

// ---- warp-level primitives ----
__global__ void warp(int *out, float *fout, double *dout, long long *llout) {
  int lane = threadIdx.x % warpSize;
  int v = out[threadIdx.x];
  unsigned int uv = (unsigned int)v;
  float fv = fout[threadIdx.x];
  double dv = dout[threadIdx.x];
  long long llv = llout[threadIdx.x];
  unsigned int full = 0xffffffffu;

  v += __shfl_sync(full, v, 0);
  v += __shfl_up_sync(full, v, 1);
  v += __shfl_down_sync(full, v, 1);
  v += __shfl_xor_sync(full, v, 1);
  v += __shfl_sync(full, v, 0, 16);
  uv += __shfl_sync(full, uv, 0);
  uv += __shfl_down_sync(full, uv, 2, 8);
  fv += __shfl_sync(full, fv, 0);
  fv += __shfl_up_sync(full, fv, 1);
  fv += __shfl_down_sync(full, fv, 1);
  fv += __shfl_xor_sync(full, fv, 1);
  dv += __shfl_down_sync(full, dv, 1);
  dv += __shfl_xor_sync(full, dv, 1);
  llv += __shfl_down_sync(full, llv, 1);
  llv += __shfl_sync(full, llv, 3);
  // the deprecated forms without a mask
  v += __shfl(v, 0);
  v += __shfl_up(v, 1);
  v += __shfl_down(v, 1);
  v += __shfl_xor(v, 1);
  fv += __shfl_down(fv, 1, 16);

  unsigned int ballot = __ballot_sync(full, v > 0);
  int any = __any_sync(full, v > 0);
  int all = __all_sync(full, v > 0);
  int uni = __uni_sync(full, v > 0);
  unsigned int active = __activemask();
  unsigned int same = __match_any_sync(full, v);
  unsigned int same64 = __match_any_sync(full, llv);
  int pred;
  unsigned int alleq = __match_all_sync(full, uv, &pred);

  out[threadIdx.x] = v + lane + any + all + uni + pred;
  out[threadIdx.x + 32] = (int)(ballot ^ active ^ same ^ same64 ^ alleq);
  fout[threadIdx.x] = fv;
  dout[threadIdx.x] = dv;
  llout[threadIdx.x] = llv;
}

// ---- integer intrinsics, min/max, __ldg, clock ----
__global__ void integers(const int *__restrict__ in, int *out,
                         const float *fin, const float4 *vin, float4 *vout,
                         long long *times) {
  long long t0 = clock64();
  clock_t c0 = clock();
  int x = __ldg(&in[threadIdx.x]);
  float fx = __ldg(&fin[threadIdx.x]);
  float4 v4 = __ldg(&vin[threadIdx.x]);
  Pair pr = __ldg((const Pair *)in);
  unsigned int ux = (unsigned int)x;
  int r = __popc(ux) + __popcll(0x1234ull) + __clz(x) + __clzll(5ll) +
          __ffs(x) + __ffsll(7ll) + (int)__brev(ux) + __mul24(x, 3) +
          (int)__umul24(ux, 3u) + __mulhi(x, x) + (int)__umulhi(ux, ux) +
          (int)__byte_perm(ux, 0u, 0x3210u) + (int)__funnelshift_l(ux, 1u, 3u) +
          (int)__funnelshift_r(ux, 1u, 3u) + __dp4a(x, x, 0) + pr.a;
  r += min(x, 3) + max(x, 3) + (int)min(ux, 3u) + (int)max(ux, 3u) +
       (int)min(7ll, (long long)x) + (int)max(7ll, (long long)x) +
       (int)min(7ull, 8ull) + (int)max(x, 2u);
  fx += min(fx, 1.0f) + max(fx, 1.0f);
  v4.x += fx;
  __nanosleep(100);
  out[threadIdx.x] = r;
  vout[threadIdx.x] = make_float4(v4.x, v4.y, v4.z, v4.w);
  times[threadIdx.x] = clock64() - t0 + (long long)(clock() - c0);
}

// ---- math ----
__global__ void math(float *f, double *d) {
  float x = f[threadIdx.x];
  double y = d[threadIdx.x];
  float s, c;
  sincosf(x, &s, &c);
  x = sqrtf(x) + rsqrtf(x) + expf(x) + exp2f(x) + logf(x) + log2f(x) +
      log10f(x) + powf(x, 2.0f) + sinf(x) + cosf(x) + tanf(x) + fabsf(x) +
      floorf(x) + ceilf(x) + roundf(x) + fminf(x, 1.0f) + fmaxf(x, 1.0f) +
      fmaf(x, 2.0f, 1.0f) + truncf(x) + s + c;
  x += __fdividef(x, 3.0f) + __expf(x) + __logf(x) + __sinf(x) + __cosf(x) +
       __powf(x, 2.0f) + __saturatef(x) + __fadd_rn(x, 1.0f) +
       __fmul_rn(x, 2.0f) + __int2float_rn(__float2int_rn(x));
  y = sqrt(y) + exp(y) + log(y) + pow(y, 2.0) + sin(y) + cos(y) + fabs(y) +
      floor(y) + ceil(y) + fmin(y, 1.0) + fmax(y, 1.0) + fma(y, 2.0, 1.0) +
      min(y, 1.0) + max(y, 1.0);
  y += std::sqrt(y) + std::abs(y) + std::fmax(y, 0.5);
  if (isnan(x) || isinf(x) || isnan(y) || isinf(y) || std::isnan(x))
    x = 0.0f;
  f[threadIdx.x] = x * c_coeff[threadIdx.x % 16];
  d[threadIdx.x] = y;
}

// ---- printf, assert, device malloc ----
__global__ void io(int *p) {
  printf("thread %d of block %d: %d\n", threadIdx.x, blockIdx.x, p[0]);
  assert(p[0] >= 0);
  int *tmp = (int *)malloc(4 * sizeof(int));
  tmp[0] = p[0];
  p[1] = tmp[0] + m_flag;
  free(tmp);
}

// ---- built-in variables and vector types ----
__global__ void builtins(int *out) {
  dim3 t = threadIdx;
  uint3 b = blockIdx;
  dim3 bd = blockDim;
  dim3 gd(gridDim);
  int2 i2 = make_int2(1, 2);
  uint4 u4 = make_uint4(1, 2, 3, 4);
  double2 d2 = make_double2(1.0, 2.0);
  char4 c4 = make_char4(1, 2, 3, 4);
  uchar4 uc4 = make_uchar4(1, 2, 3, 4);
  short2 s2 = make_short2(1, 2);
  longlong2 l2 = make_longlong2(1, 2);
  float3 f3 = make_float3(1.0f, 2.0f, 3.0f);
  out[t.x + b.x * bd.x] = (int)(gd.x + warpSize + i2.y + u4.w + d2.y + c4.w +
                                uc4.z + s2.y + l2.x + f3.z);
}

// ---- GPUVerify annotations ----
__device__ int helper(int *p, int i) {
  __requires(i >= 0);
  __ensures(__return_val_int() >= 0);
  __reads_from(p);
  __writes_to(p);
  return p[i];
}

__global__ void annotated(int *p, int n) {
  __requires(n == 1024);
  __requires(__is_pow2(blockDim.x) && __mod_pow2(n, blockDim.x) == 0);
  __requires(__implies(threadIdx.x == 0, n > 0));
  __assume(blockDim.x == 256);
  __global_requires(n > 0);
  __global_ensures(n > 0);
  __function_wide_invariant(__no_read(p));
  __axiom(gridDim.x == 4);
  int tid = threadIdx.x;
  for (int i = tid; __invariant(i >= tid), __global_invariant(i % 256 == tid),
           __candidate_invariant(__write_offset_bytes(p) / sizeof(int) == i),
           i < n;
       i += blockDim.x) {
    __invariant(__implies(__write(p), __write_offset_bytes(p) % 4 == 0));
    __invariant(__implies(__read(p), __read_offset_bytes(p) >= 0));
    __invariant(__no_write(p));
    __global_invariant(__read_implies(p, i >= tid) && __write_implies(p, true));
    p[i] = helper(p, i) + 1;
  }
  __barrier_invariant(p[tid] > 0, tid);
  __barrier_invariant_binary(p[tid] > 0, tid, tid + 1);
  __syncthreads();
  __non_temporal_loads_begin();
  int v = p[tid];
  __non_temporal_loads_end();
  __assert(v > 0);
  __global_assert(__same_group);
  __assert(__ptr_base(p) == p && __ptr_offset_bytes(p) == 0);
  __assert(__other_int(tid) != tid && __uniform_int(n) && __uniform_bool(true));
  __assert(__distinct_int(tid) && __all(v > 0) && __at_most_one(tid == 0));
  __assert(__enabled());
  __requires(__uniform_int(n) && __distinct_int(tid) && __all(n > 0));
  p[tid] = v;
}

// ---- host: every runtime API function ----
template <class T> void check(T err, const char *what) {
  if (err != cudaSuccess) {
    fprintf(stderr, "%s: %s (%s)\n", what, cudaGetErrorString(err),
            cudaGetErrorName(err));
    exit(EXIT_FAILURE);
  }
}

int main(int argc, char **argv) {
  int n = 1024;
  int count = 0, dev = 0, value = 0;
  check(cudaGetDeviceCount(&count), "count");
  check(cudaSetDevice(0), "set");
  check(cudaGetDevice(&dev), "get");
  cudaDeviceProp prop;
  check(cudaGetDeviceProperties(&prop, dev), "props");
  printf("%s: %zu bytes, %zu shared, warp %d, %d threads, %d x %d x %d, "
         "grid %d, %d SMs, sm_%d%d at %d kHz\n",
         prop.name, prop.totalGlobalMem, prop.sharedMemPerBlock, prop.warpSize,
         prop.maxThreadsPerBlock, prop.maxThreadsDim[0], prop.maxThreadsDim[1],
         prop.maxThreadsDim[2], prop.maxGridSize[0], prop.multiProcessorCount,
         prop.major, prop.minor, prop.clockRate);
  check(cudaDeviceGetAttribute(&value, cudaDevAttrMultiProcessorCount, dev),
        "attr");

  // allocation, every form
  int *d_i;
  unsigned int *d_u;
  unsigned long long *d_ull;
  long long *d_ll;
  float *d_f, *m_f, *h_pinned, *h_alloc, *pitched;
  double *d_d;
  unsigned short *d_us;
  size_t pitch;
  check(cudaMalloc(&d_i, n * sizeof(int)), "malloc");
  check(cudaMalloc((void **)&d_u, n * sizeof(unsigned int)), "malloc void");
  check(cudaMalloc(&d_ull, n * sizeof(unsigned long long)), "malloc");
  check(cudaMalloc(&d_ll, n * sizeof(long long)), "malloc");
  check(cudaMalloc(&d_f, n * sizeof(float)), "malloc");
  check(cudaMalloc(&d_d, n * sizeof(double)), "malloc");
  check(cudaMalloc(&d_us, n * sizeof(unsigned short)), "malloc");
  check(cudaMallocManaged(&m_f, n * sizeof(float)), "managed");
  check(cudaMallocManaged(&m_f, n * sizeof(float), cudaMemAttachGlobal),
        "managed flags");
  check(cudaMallocPitch(&pitched, &pitch, 64 * sizeof(float), 64), "pitch");
  check(cudaMallocHost(&h_pinned, n * sizeof(float)), "host");
  check(cudaMallocHost((void **)&h_pinned, n * sizeof(float)), "host void");
  check(cudaHostAlloc(&h_alloc, n * sizeof(float), cudaHostAllocDefault),
        "hostalloc");
  size_t free_mem, total_mem;
  check(cudaMemGetInfo(&free_mem, &total_mem), "meminfo");

  // copies and fills
  float *h_f = (float *)malloc(n * sizeof(float));
  float coeff[16] = {0};
  check(cudaMemcpy(d_f, h_f, n * sizeof(float), cudaMemcpyHostToDevice), "h2d");
  check(cudaMemcpy(h_f, d_f, n * sizeof(float), cudaMemcpyDeviceToHost), "d2h");
  check(cudaMemcpy(d_f, d_f, 0, cudaMemcpyDeviceToDevice), "d2d");
  check(cudaMemcpy(h_f, h_f, 0, cudaMemcpyHostToHost), "h2h");
  check(cudaMemcpy(h_f, m_f, 0, cudaMemcpyDefault), "default");
  check(cudaMemcpy2D(pitched, pitch, h_f, 64 * sizeof(float),
                     64 * sizeof(float), 4, cudaMemcpyHostToDevice),
        "2d");
  check(cudaMemcpyToSymbol(c_coeff, coeff, sizeof(coeff)), "to symbol");
  check(cudaMemcpyToSymbol(d_counter, &n, sizeof(int), 0,
                           cudaMemcpyHostToDevice),
        "to symbol full");
  check(cudaMemcpyFromSymbol(coeff, c_coeff, sizeof(coeff)), "from symbol");
  check(cudaMemset(d_i, 0, n * sizeof(int)), "memset");
  check(cudaMemset2D(pitched, pitch, 0, 64 * sizeof(float), 64), "memset2d");

  // streams and events
  cudaStream_t stream, stream2;
  cudaEvent_t start, stop;
  check(cudaStreamCreate(&stream), "stream");
  check(cudaStreamCreateWithFlags(&stream2, cudaStreamNonBlocking), "stream2");
  check(cudaEventCreate(&start), "event");
  check(cudaEventCreateWithFlags(&stop, cudaEventDisableTiming), "event2");
  check(cudaEventRecord(start, stream), "record");
  check(cudaMemcpyAsync(d_f, h_pinned, n * sizeof(float),
                        cudaMemcpyHostToDevice, stream),
        "async");
  check(cudaMemsetAsync(d_i, 0, n * sizeof(int), stream), "memset async");
  check(cudaMemPrefetchAsync(m_f, n * sizeof(float), dev, stream), "prefetch");
  check(cudaFuncSetCacheConfig(barriers, cudaFuncCachePreferShared), "cache");
  int min_grid = 0, block = 0;
  check(cudaOccupancyMaxPotentialBlockSize(&min_grid, &block, math, 0, 0),
        "occupancy");

  // launches: <<<g, b>>>, <<<dim3, dim3, shmem>>>, <<<g, b, 0, stream>>>
  atomics<<<n / 256, 256>>>(d_i, d_u, d_ull, d_ll, d_f, d_d, d_us);
  barriers<<<dim3(4, 2), 64>>>(d_i);
  warp<<<dim3(n / 256, 1, 1), dim3(256, 1, 1), 64 * sizeof(int)>>>(
      d_i, d_f, d_d, d_ll);
  integers<<<n / 256, 256, 0, stream>>>(d_i, d_i, d_f, (const float4 *)d_f,
                                        (float4 *)d_f, d_ll);
  math<<<4, 256, 0, stream2>>>(m_f, d_d);
  io<<<1, 32>>>(d_i);
  dim3 grid(n / 256), threads(256);
  builtins<<<grid, threads>>>(d_i);
  annotated<<<grid, threads, 0, 0>>>(d_i, n);
  check(cudaGetLastError(), "launch");
  check(cudaPeekAtLastError(), "peek");

  check(cudaStreamWaitEvent(stream2, start, 0), "wait event");
  check(cudaEventRecord(stop, stream), "record stop");
  check(cudaEventSynchronize(stop), "sync event");
  float ms = 0.0f;
  check(cudaEventElapsedTime(&ms, start, stop), "elapsed");
  check(cudaStreamSynchronize(stream), "sync stream");
  check(cudaDeviceSynchronize(), "sync");
  check(cudaThreadSynchronize(), "thread sync");
  printf("%f ms, %d\n", ms, m_flag);

  check(cudaEventDestroy(start), "destroy");
  check(cudaEventDestroy(stop), "destroy");
  check(cudaStreamDestroy(stream), "destroy");
  check(cudaStreamDestroy(stream2), "destroy");
  check(cudaFree(d_i), "free");
  check(cudaFree(d_u), "free");
  check(cudaFree(d_ull), "free");
  check(cudaFree(d_ll), "free");
  check(cudaFree(d_f), "free");
  check(cudaFree(d_d), "free");
  check(cudaFree(d_us), "free");
  check(cudaFree(m_f), "free");
  check(cudaFree(pitched), "free");
  check(cudaFreeHost(h_pinned), "free host");
  check(cudaFreeHost(h_alloc), "free host");
  free(h_f);
  check(cudaDeviceReset(), "reset");
  (void)argc;
  (void)argv;
  return 0;
}
