/*
 * helper_cuda.h - hgrd prelude: the error checking and device selection
 * helpers of the CUDA samples.
 *
 *   checkCudaErrors(call)   exits with a message if call did not succeed
 *                           (cudaError_t or the driver API's CUresult)
 *   getLastCudaError(msg)   the same for cudaGetLastError()
 *   findCudaDevice(argc, argv), gpuDeviceInit, gpuGetMaxGflopsDeviceId,
 *   checkCudaCapabilities, _ConvertSMVer2Cores, _ConvertSMVer2ArchName
 *
 * hgrd's own implementation of the samples' interface; it works with the
 * prelude and with a real CUDA SDK alike.
 */
#ifndef HGRD_HELPER_CUDA_H
#define HGRD_HELPER_CUDA_H

#include <cuda_runtime.h>
#include <cuda.h>
#include "helper_string.h"

#ifndef MAX
#define MAX(a, b) (a > b ? a : b)
#endif
#ifndef MIN
#define MIN(a, b) (a < b ? a : b)
#endif

static const char *_cudaGetErrorEnum(cudaError_t error) {
  return cudaGetErrorName(error);
}
static const char *_cudaGetErrorEnum(CUresult error) {
  const char *name = NULL;
  cuGetErrorName(error, &name);
  return name ? name : "<unknown>";
}

template <typename T>
void check(T result, char const *const func, const char *const file,
           int const line) {
  if (result) {
    fprintf(stderr, "CUDA error at %s:%d code=%d(%s) \"%s\" \n", file, line,
            static_cast<unsigned int>(result), _cudaGetErrorEnum(result), func);
    exit(EXIT_FAILURE);
  }
}

#define checkCudaErrors(val) check((val), #val, __FILE__, __LINE__)
#define getLastCudaError(msg) __getLastCudaError(msg, __FILE__, __LINE__)
#define printLastCudaError(msg) __printLastCudaError(msg, __FILE__, __LINE__)

inline void __getLastCudaError(const char *errorMessage, const char *file,
                               const int line) {
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess) {
    fprintf(stderr, "%s(%i) : getLastCudaError() CUDA error : %s : (%d) %s.\n",
            file, line, errorMessage, static_cast<int>(err),
            cudaGetErrorString(err));
    exit(EXIT_FAILURE);
  }
}
inline void __printLastCudaError(const char *errorMessage, const char *file,
                                 const int line) {
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    fprintf(stderr, "%s(%i) : getLastCudaError() CUDA error : %s : (%d) %s.\n",
            file, line, errorMessage, static_cast<int>(err),
            cudaGetErrorString(err));
}

inline int ftoi(float value) {
  return value >= 0 ? static_cast<int>(value + 0.5f)
                    : static_cast<int>(value - 0.5f);
}

/* Cores per multiprocessor of each compute capability (0xMm). */
inline int _ConvertSMVer2Cores(int major, int minor) {
  static const struct {
    int sm, cores;
  } table[] = {{0x30, 192}, {0x32, 192}, {0x35, 192}, {0x37, 192}, {0x50, 128},
               {0x52, 128}, {0x53, 128}, {0x60, 64},  {0x61, 128}, {0x62, 128},
               {0x70, 64},  {0x72, 64},  {0x75, 64},  {0x80, 64},  {0x86, 128},
               {0x87, 128}, {0x89, 128}, {0x90, 128}, {-1, -1}};
  int i = 0;
  for (; table[i].sm != -1; i++)
    if (table[i].sm == ((major << 4) + minor))
      return table[i].cores;
  return table[i - 1].cores;
}

inline const char *_ConvertSMVer2ArchName(int major, int minor) {
  switch ((major << 4) + minor) {
  case 0x30:
  case 0x32:
  case 0x35:
  case 0x37:
    return "Kepler";
  case 0x50:
  case 0x52:
  case 0x53:
    return "Maxwell";
  case 0x60:
  case 0x61:
  case 0x62:
    return "Pascal";
  case 0x70:
  case 0x72:
    return "Volta";
  case 0x75:
    return "Turing";
  case 0x80:
  case 0x86:
  case 0x87:
    return "Ampere";
  case 0x89:
    return "Ada";
  case 0x90:
    return "Hopper";
  default:
    return "Unknown";
  }
}

inline int gpuDeviceInit(int devID) {
  int count = 0;
  checkCudaErrors(cudaGetDeviceCount(&count));
  if (count == 0) {
    fprintf(stderr,
            "gpuDeviceInit() CUDA error: no devices supporting CUDA.\n");
    exit(EXIT_FAILURE);
  }
  if (devID < 0)
    devID = 0;
  if (devID > count - 1) {
    fprintf(stderr, "gpuDeviceInit() device %d is not a valid GPU.\n", devID);
    return -devID;
  }
  checkCudaErrors(cudaSetDevice(devID));
  return devID;
}

/* The device with the most cores times clock rate. */
inline int gpuGetMaxGflopsDeviceId() {
  int count = 0, best = 0;
  unsigned long long best_perf = 0;
  checkCudaErrors(cudaGetDeviceCount(&count));
  for (int dev = 0; dev < count; dev++) {
    int major = 0, minor = 0, sms = 0, clock = 0;
    cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev);
    cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, dev);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
    cudaDeviceGetAttribute(&clock, cudaDevAttrClockRate, dev);
    unsigned long long perf =
        (unsigned long long)sms * _ConvertSMVer2Cores(major, minor) * clock;
    if (perf > best_perf) {
      best_perf = perf;
      best = dev;
    }
  }
  return best;
}

inline int findCudaDevice(int argc, const char **argv) {
  int devID = 0;
  if (checkCmdLineFlag(argc, argv, "device")) {
    devID = getCmdLineArgumentInt(argc, argv, "device=");
    if (devID < 0) {
      printf("Invalid command line parameter\n ");
      exit(EXIT_FAILURE);
    }
    devID = gpuDeviceInit(devID);
    if (devID < 0) {
      printf("exiting...\n");
      exit(EXIT_FAILURE);
    }
  } else {
    devID = gpuGetMaxGflopsDeviceId();
    checkCudaErrors(cudaSetDevice(devID));
  }
  return devID;
}

inline int findIntegratedGPU() {
  int count = 0;
  checkCudaErrors(cudaGetDeviceCount(&count));
  for (int dev = 0; dev < count; dev++) {
    int integrated = 0;
    cudaDeviceGetAttribute(&integrated, cudaDevAttrIntegrated, dev);
    if (integrated) {
      checkCudaErrors(cudaSetDevice(dev));
      return dev;
    }
  }
  return -1;
}

inline bool checkCudaCapabilities(int major_version, int minor_version) {
  int dev = 0, major = 0, minor = 0;
  checkCudaErrors(cudaGetDevice(&dev));
  checkCudaErrors(
      cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev));
  checkCudaErrors(
      cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, dev));
  if (major > major_version ||
      (major == major_version && minor >= minor_version))
    return true;
  printf("  No GPU device was found that can support CUDA compute capability "
         "%d.%d.\n",
         major_version, minor_version);
  return false;
}

#endif /* HGRD_HELPER_CUDA_H */
