/*
 * cuda.h - hgrd prelude: the CUDA driver API.
 *
 * Includes the implicit prelude (CUDA_VERSION is defined there) and adds the
 * common part of the driver API: CUresult and its values, the handle types,
 * and the functions of context, module, memory and launch management, as
 * declarations only.
 */
#if defined(__CLANG_CUDA_RUNTIME_WRAPPER_H__)
/* A real CUDA SDK is in use (clang's runtime wrapper is active): its own
 * cuda.h is the one to read. */
#include_next <cuda.h>
#elif !defined(HGRD_CUDA_H)
#define HGRD_CUDA_H

#include "hgrd_prelude.h"

typedef enum cudaError_enum {
  CUDA_SUCCESS = 0,
  CUDA_ERROR_INVALID_VALUE = 1,
  CUDA_ERROR_OUT_OF_MEMORY = 2,
  CUDA_ERROR_NOT_INITIALIZED = 3,
  CUDA_ERROR_DEINITIALIZED = 4,
  CUDA_ERROR_PROFILER_DISABLED = 5,
  CUDA_ERROR_NO_DEVICE = 100,
  CUDA_ERROR_INVALID_DEVICE = 101,
  CUDA_ERROR_INVALID_IMAGE = 200,
  CUDA_ERROR_INVALID_CONTEXT = 201,
  CUDA_ERROR_CONTEXT_ALREADY_CURRENT = 202,
  CUDA_ERROR_MAP_FAILED = 205,
  CUDA_ERROR_UNMAP_FAILED = 206,
  CUDA_ERROR_NO_BINARY_FOR_GPU = 209,
  CUDA_ERROR_INVALID_PTX = 218,
  CUDA_ERROR_INVALID_SOURCE = 300,
  CUDA_ERROR_FILE_NOT_FOUND = 301,
  CUDA_ERROR_INVALID_HANDLE = 400,
  CUDA_ERROR_NOT_FOUND = 500,
  CUDA_ERROR_NOT_READY = 600,
  CUDA_ERROR_ILLEGAL_ADDRESS = 700,
  CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES = 701,
  CUDA_ERROR_LAUNCH_TIMEOUT = 702,
  CUDA_ERROR_ASSERT = 710,
  CUDA_ERROR_LAUNCH_FAILED = 719,
  CUDA_ERROR_NOT_PERMITTED = 800,
  CUDA_ERROR_NOT_SUPPORTED = 801,
  CUDA_ERROR_UNKNOWN = 999
} CUresult;

typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUstream_st *CUstream;
typedef struct CUevent_st *CUevent;
typedef unsigned int cuuint32_t;
typedef unsigned long long cuuint64_t;

typedef enum CUdevice_attribute_enum {
  CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 1,
  CU_DEVICE_ATTRIBUTE_WARP_SIZE = 10,
  CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16,
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75,
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76
} CUdevice_attribute;

extern "C" {
__host__ CUresult cuInit(unsigned int flags);
__host__ CUresult cuDriverGetVersion(int *driverVersion);
__host__ CUresult cuDeviceGet(CUdevice *device, int ordinal);
__host__ CUresult cuDeviceGetCount(int *count);
__host__ CUresult cuDeviceGetName(char *name, int len, CUdevice dev);
__host__ CUresult cuDeviceGetAttribute(int *pi, CUdevice_attribute attrib,
                                       CUdevice dev);
__host__ CUresult cuDeviceTotalMem(size_t *bytes, CUdevice dev);
__host__ CUresult cuCtxCreate(CUcontext *pctx, unsigned int flags,
                              CUdevice dev);
__host__ CUresult cuCtxDestroy(CUcontext ctx);
__host__ CUresult cuCtxSynchronize(void);
__host__ CUresult cuModuleLoad(CUmodule *module, const char *fname);
__host__ CUresult cuModuleLoadData(CUmodule *module, const void *image);
__host__ CUresult cuModuleGetFunction(CUfunction *hfunc, CUmodule hmod,
                                      const char *name);
__host__ CUresult cuModuleUnload(CUmodule hmod);
__host__ CUresult cuMemAlloc(CUdeviceptr *dptr, size_t bytesize);
__host__ CUresult cuMemFree(CUdeviceptr dptr);
__host__ CUresult cuMemcpyHtoD(CUdeviceptr dstDevice, const void *srcHost,
                               size_t ByteCount);
__host__ CUresult cuMemcpyDtoH(void *dstHost, CUdeviceptr srcDevice,
                               size_t ByteCount);
__host__ CUresult cuMemsetD32(CUdeviceptr dstDevice, unsigned int ui, size_t N);
__host__ CUresult cuLaunchKernel(CUfunction f, unsigned int gridDimX,
                                 unsigned int gridDimY, unsigned int gridDimZ,
                                 unsigned int blockDimX, unsigned int blockDimY,
                                 unsigned int blockDimZ,
                                 unsigned int sharedMemBytes, CUstream hStream,
                                 void **kernelParams, void **extra);
__host__ CUresult cuStreamCreate(CUstream *phStream, unsigned int Flags);
__host__ CUresult cuStreamSynchronize(CUstream hStream);
__host__ CUresult cuStreamDestroy(CUstream hStream);
__host__ CUresult cuGetErrorString(CUresult error, const char **pStr);
__host__ CUresult cuGetErrorName(CUresult error, const char **pStr);
}

/* GPUVerify's test suite, and code written against its cuda.h, use the
 * cuRAND device API and cooperative groups after including only cuda.h:
 * their names are prefixed or in a namespace of their own, so offering
 * them here harms no file written for nvcc. */
#include "cooperative_groups.h"
#include "curand_kernel.h"

#endif /* HGRD_CUDA_H, real SDK */
