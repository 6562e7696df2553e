/*
 * hgrd_runtime_api.h - the CUDA runtime API functions and the launch
 * machinery.
 *
 * Every function is a declaration only: in the host IR a runtime call is a
 * call to an external function with the real name and C linkage
 * (@cudaMalloc, @cudaMemcpy, ...). Signatures follow the CUDA 11 runtime.
 * The functions that the device runtime also offers (cudaMalloc, cudaFree,
 * cudaGetLastError, ...) are __host__ __device__, as in CUDA, so helpers
 * marked __host__ __device__ that check errors compile on both sides.
 */
#ifndef HGRD_RUNTIME_API_H
#define HGRD_RUNTIME_API_H

#pragma push_macro("__HGRD_HD")
#define __HGRD_HD __host__ __device__

extern "C" {

/* ---- launch machinery ----
 * clang-14 without a CUDA version (as here) lowers k<<<g, b, sh, st>>>(args)
 * to `if (cudaConfigureCall(g, b, sh, st) == 0) __device_stub__k(args);` and
 * the stub to cudaSetupArgument per argument followed by cudaLaunch. The
 * newer scheme (__cudaPushCallConfiguration, __cudaPopCallConfiguration,
 * cudaLaunchKernel) is declared as well. */
__host__ cudaError_t cudaConfigureCall(dim3 gridDim, dim3 blockDim,
                                       size_t sharedMem = 0,
                                       cudaStream_t stream = 0);
__host__ cudaError_t cudaSetupArgument(const void *arg, size_t size,
                                       size_t offset);
__host__ cudaError_t cudaLaunch(const void *func);
__host__ unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim,
                                              size_t sharedMem = 0,
                                              struct CUstream_st *stream = 0);
__host__ cudaError_t __cudaPopCallConfiguration(dim3 *gridDim, dim3 *blockDim,
                                                size_t *sharedMem,
                                                void *stream);
__host__ cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim,
                                      dim3 blockDim, void **args,
                                      size_t sharedMem, cudaStream_t stream);
__host__ cudaError_t cudaLaunchCooperativeKernel(const void *func, dim3 gridDim,
                                                 dim3 blockDim, void **args,
                                                 size_t sharedMem,
                                                 cudaStream_t stream);
/* cudaLaunchKernelEx's configuration (CUDA 11.8). Launch attributes
 * (clusters, priorities) do not change what hgrd models. */
typedef struct cudaLaunchAttribute_st {
  int id;
  char pad[4];
  char val[64];
} cudaLaunchAttribute;
typedef struct cudaLaunchConfig_st {
  dim3 gridDim;
  dim3 blockDim;
  size_t dynamicSmemBytes;
  cudaStream_t stream;
  cudaLaunchAttribute *attrs;
  unsigned int numAttrs;
} cudaLaunchConfig_t;
__host__ cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *config,
                                         const void *func, void **args);
__host__ cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn,
                                        void *userData);

/* Dynamic parallelism's launch from device code, as thrust's and cub's
 * device-side dispatch use it; the analysis sees no kernel launched. */
__device__ void *cudaGetParameterBuffer(size_t alignment, size_t size);
__device__ cudaError_t cudaLaunchDevice(void *func, void *parameterBuffer,
                                        dim3 gridDim, dim3 blockDim,
                                        unsigned int sharedMem,
                                        cudaStream_t stream);

/* ---- errors ---- */
__HGRD_HD cudaError_t cudaGetLastError(void);
__HGRD_HD cudaError_t cudaPeekAtLastError(void);
__HGRD_HD const char *cudaGetErrorString(cudaError_t error);
__HGRD_HD const char *cudaGetErrorName(cudaError_t error);

/* ---- devices ---- */
__HGRD_HD cudaError_t cudaGetDeviceCount(int *count);
__HGRD_HD cudaError_t cudaGetDevice(int *device);
__host__ cudaError_t cudaSetDevice(int device);
__host__ cudaError_t cudaChooseDevice(int *device,
                                      const struct cudaDeviceProp *prop);
__host__ cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop,
                                             int device);
__HGRD_HD cudaError_t cudaDeviceGetAttribute(int *value,
                                             enum cudaDeviceAttr attr,
                                             int device);
__host__ cudaError_t cudaSetDeviceFlags(unsigned int flags);
__host__ cudaError_t cudaGetDeviceFlags(unsigned int *flags);
__HGRD_HD cudaError_t cudaDeviceSynchronize(void);
/* What CUDA 11.6 and later name the device-side cudaDeviceSynchronize. */
__HGRD_HD cudaError_t __cudaDeviceSynchronizeDeprecationAvoidance(void);
__host__ cudaError_t cudaDeviceReset(void);
__host__ cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache cacheConfig);
__host__ cudaError_t cudaDeviceGetCacheConfig(enum cudaFuncCache *cacheConfig);
__host__ cudaError_t
cudaDeviceSetSharedMemConfig(enum cudaSharedMemConfig config);
__host__ cudaError_t cudaDeviceSetLimit(enum cudaLimit limit, size_t value);
__HGRD_HD cudaError_t cudaDeviceGetLimit(size_t *value, enum cudaLimit limit);
__host__ cudaError_t cudaDeviceCanAccessPeer(int *canAccessPeer, int device,
                                             int peerDevice);
__host__ cudaError_t cudaDeviceEnablePeerAccess(int peerDevice,
                                                unsigned int flags);
__host__ cudaError_t cudaDeviceDisablePeerAccess(int peerDevice);
__host__ cudaError_t cudaThreadSynchronize(void); /* deprecated names */
__host__ cudaError_t cudaThreadExit(void);
__host__ cudaError_t cudaDriverGetVersion(int *driverVersion);
__HGRD_HD cudaError_t cudaRuntimeGetVersion(int *runtimeVersion);
__host__ cudaError_t cudaProfilerStart(void);
__host__ cudaError_t cudaProfilerStop(void);

/* ---- memory management ---- */
__HGRD_HD cudaError_t cudaMalloc(void **devPtr, size_t size);
__host__ cudaError_t cudaMallocManaged(
    void **devPtr, size_t size, unsigned int flags = cudaMemAttachGlobal);
__host__ cudaError_t cudaMallocPitch(void **devPtr, size_t *pitch, size_t width,
                                     size_t height);
__host__ cudaError_t cudaMalloc3D(struct cudaPitchedPtr *pitchedDevPtr,
                                  struct cudaExtent extent);
__host__ cudaError_t cudaMallocHost(void **ptr, size_t size);
__host__ cudaError_t cudaHostAlloc(void **pHost, size_t size,
                                   unsigned int flags);
__host__ cudaError_t cudaHostRegister(void *ptr, size_t size,
                                      unsigned int flags);
__host__ cudaError_t cudaHostUnregister(void *ptr);
__host__ cudaError_t cudaHostGetDevicePointer(void **pDevice, void *pHost,
                                              unsigned int flags);
__HGRD_HD cudaError_t cudaFree(void *devPtr);
__host__ cudaError_t cudaFreeHost(void *ptr);
__host__ cudaError_t cudaMallocArray(cudaArray_t *array,
                                     const struct cudaChannelFormatDesc *desc,
                                     size_t width, size_t height = 0,
                                     unsigned int flags = 0);
__host__ cudaError_t cudaFreeArray(cudaArray_t array);
__host__ cudaError_t cudaMemGetInfo(size_t *free, size_t *total);
__host__ cudaError_t cudaPointerGetAttributes(
    struct cudaPointerAttributes *attributes, const void *ptr);
__host__ cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count,
                                          int dstDevice,
                                          cudaStream_t stream = 0);
__host__ cudaError_t cudaMemAdvise(const void *devPtr, size_t count,
                                   enum cudaMemoryAdvise advice, int device);
__host__ cudaError_t cudaMemPrefetchAsync_v2(const void *devPtr, size_t count,
                                             struct cudaMemLocation location,
                                             unsigned int flags,
                                             cudaStream_t stream);
__host__ cudaError_t cudaMemAdvise_v2(const void *devPtr, size_t count,
                                      enum cudaMemoryAdvise advice,
                                      struct cudaMemLocation location);
__host__ cudaError_t
cudaStreamAttachMemAsync(cudaStream_t stream, void *devPtr, size_t length = 0,
                         unsigned int flags = cudaMemAttachSingle);

/* ---- copies and fills ---- */
__host__ cudaError_t cudaMemcpy(void *dst, const void *src, size_t count,
                                enum cudaMemcpyKind kind);
__HGRD_HD cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count,
                                      enum cudaMemcpyKind kind,
                                      cudaStream_t stream = 0);
__host__ cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src,
                                  size_t spitch, size_t width, size_t height,
                                  enum cudaMemcpyKind kind);
__HGRD_HD cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch,
                                        const void *src, size_t spitch,
                                        size_t width, size_t height,
                                        enum cudaMemcpyKind kind,
                                        cudaStream_t stream = 0);
__host__ cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms *p);
__host__ cudaError_t cudaMemcpyPeer(void *dst, int dstDevice, const void *src,
                                    int srcDevice, size_t count);
__host__ cudaError_t cudaMemcpyToArray(cudaArray_t dst, size_t wOffset,
                                       size_t hOffset, const void *src,
                                       size_t count, enum cudaMemcpyKind kind);
__host__ cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, size_t wOffset,
                                         size_t hOffset, const void *src,
                                         size_t spitch, size_t width,
                                         size_t height,
                                         enum cudaMemcpyKind kind);
__host__ cudaError_t cudaMemcpyToSymbol(
    const void *symbol, const void *src, size_t count, size_t offset = 0,
    enum cudaMemcpyKind kind = cudaMemcpyHostToDevice);
__host__ cudaError_t cudaMemcpyFromSymbol(
    void *dst, const void *symbol, size_t count, size_t offset = 0,
    enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost);
__host__ cudaError_t cudaMemcpyToSymbolAsync(const void *symbol,
                                             const void *src, size_t count,
                                             size_t offset,
                                             enum cudaMemcpyKind kind,
                                             cudaStream_t stream = 0);
__host__ cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const void *symbol,
                                               size_t count, size_t offset,
                                               enum cudaMemcpyKind kind,
                                               cudaStream_t stream = 0);
__host__ cudaError_t cudaGetSymbolAddress(void **devPtr, const void *symbol);
__host__ cudaError_t cudaGetSymbolSize(size_t *size, const void *symbol);
__host__ cudaError_t cudaMemset(void *devPtr, int value, size_t count);
__HGRD_HD cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count,
                                      cudaStream_t stream = 0);
__host__ cudaError_t cudaMemset2D(void *devPtr, size_t pitch, int value,
                                  size_t width, size_t height);
__HGRD_HD cudaError_t cudaMemset2DAsync(void *devPtr, size_t pitch, int value,
                                        size_t width, size_t height,
                                        cudaStream_t stream = 0);
__host__ cudaError_t cudaMemset3D(struct cudaPitchedPtr pitchedDevPtr,
                                  int value, struct cudaExtent extent);

/* ---- streams ---- */
__host__ cudaError_t cudaStreamCreate(cudaStream_t *pStream);
__HGRD_HD cudaError_t cudaStreamCreateWithFlags(cudaStream_t *pStream,
                                                unsigned int flags);
__host__ cudaError_t cudaStreamCreateWithPriority(cudaStream_t *pStream,
                                                  unsigned int flags,
                                                  int priority);
__host__ cudaError_t cudaDeviceGetStreamPriorityRange(int *leastPriority,
                                                      int *greatestPriority);
__host__ cudaError_t cudaStreamSynchronize(cudaStream_t stream);
__host__ cudaError_t cudaStreamQuery(cudaStream_t stream);
__HGRD_HD cudaError_t cudaStreamDestroy(cudaStream_t stream);
__HGRD_HD cudaError_t cudaStreamWaitEvent(cudaStream_t stream,
                                          cudaEvent_t event,
                                          unsigned int flags = 0);
__host__ cudaError_t cudaStreamAddCallback(cudaStream_t stream,
                                           cudaStreamCallback_t callback,
                                           void *userData, unsigned int flags);

/* ---- events ---- */
__host__ cudaError_t cudaEventCreate(cudaEvent_t *event);
__HGRD_HD cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event,
                                               unsigned int flags);
__HGRD_HD cudaError_t cudaEventRecord(cudaEvent_t event,
                                      cudaStream_t stream = 0);
__host__ cudaError_t cudaEventQuery(cudaEvent_t event);
__host__ cudaError_t cudaEventSynchronize(cudaEvent_t event);
__host__ cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start,
                                          cudaEvent_t end);
__HGRD_HD cudaError_t cudaEventDestroy(cudaEvent_t event);

/* ---- kernels and occupancy ---- */
__host__ cudaError_t cudaFuncSetCacheConfig(const void *func,
                                            enum cudaFuncCache cacheConfig);
__host__ cudaError_t
cudaFuncSetSharedMemConfig(const void *func, enum cudaSharedMemConfig config);
__HGRD_HD cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr,
                                            const void *func);
__host__ cudaError_t cudaFuncSetAttribute(const void *func,
                                          enum cudaFuncAttribute attr,
                                          int value);
__HGRD_HD cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(
    int *numBlocks, const void *func, int blockSize, size_t dynamicSMemSize);
/* Not a runtime symbol: the result of the templated
 * cudaOccupancyMaxPotentialBlockSize (hgrd_runtime_cxx.h), left unknown. */
__host__ cudaError_t __hgrdOccupancyMaxPotentialBlockSize(
    int *minGridSize, int *blockSize, const void *func, size_t dynamicSMemSize,
    int blockSizeLimit);

/* ---- textures (object API) ---- */
__host__ struct cudaChannelFormatDesc
cudaCreateChannelDesc(int x, int y, int z, int w, enum cudaChannelFormatKind f);
__host__ cudaError_t cudaCreateTextureObject(
    cudaTextureObject_t *pTexObject, const struct cudaResourceDesc *pResDesc,
    const struct cudaTextureDesc *pTexDesc, const void *pResViewDesc);
__host__ cudaError_t cudaDestroyTextureObject(cudaTextureObject_t texObject);

} /* extern "C" */

/* ---- helpers of the real headers (driver_functions.h) ---- */
static __inline__ __host__ struct cudaPitchedPtr
make_cudaPitchedPtr(void *d, size_t p, size_t xsz, size_t ysz) {
  struct cudaPitchedPtr s = {d, p, xsz, ysz};
  return s;
}
static __inline__ __host__ struct cudaPos make_cudaPos(size_t x, size_t y,
                                                       size_t z) {
  struct cudaPos p = {x, y, z};
  return p;
}
static __inline__ __host__ struct cudaExtent make_cudaExtent(size_t w, size_t h,
                                                             size_t d) {
  struct cudaExtent e = {w, h, d};
  return e;
}

#pragma pop_macro("__HGRD_HD")

#endif /* HGRD_RUNTIME_API_H */
