/*
 * hgrd_prelude.h - hgrd's stand-in for the cuda_runtime.h that nvcc includes
 * implicitly.
 *
 * hgrd compiles CUDA files with Debian's clang-14 and no CUDA SDK:
 *
 *   clang-14 -x cuda --cuda-gpu-arch=sm_70 -nocudainc -nocudalib
 *            --cuda-{device,host}-only ... -isystem <this directory>
 *            -include hgrd_prelude.h FILE.cu
 *
 * With -nocudainc clang declares almost nothing of CUDA, so this header
 * supplies what programs written for nvcc expect to find without an
 * #include: the execution-space qualifiers, dim3 and the vector types, the
 * runtime API (enough to type-check host code), the launch machinery clang
 * needs for <<<...>>>, the device builtins (atomics, fences, warp
 * intrinsics, math) and the GPUVerify annotations.
 *
 * Everything here is written for hgrd; no NVIDIA header text is copied. Where
 * clang-14 ships a usable CUDA helper header (built-in variables, libdevice
 * declarations, math wrappers) it is reused as it is.
 *
 * What the analysis relies on: device builtins lower to LLVM atomics
 * (atomicrmw, cmpxchg) and NVVM intrinsics (llvm.nvvm.*), never to inline PTX
 * where an intrinsic exists; __requires/__assume become calls to the external
 * __hgrd_requires/__hgrd_assume. Runtime API functions are declarations only.
 *
 * Layout (each file documents its own part):
 *   hgrd_config.h           version macros and qualifiers (__global__, ...)
 *   hgrd_libc.h             C/C++ library headers, device printf/malloc/assert
 *   hgrd_vector_types.h     char1..double4, uint3, dim3, make_* functions
 *   hgrd_runtime_types.h    cudaError_t, handles, enumerations, flags
 *   hgrd_runtime_structs.h  cudaDeviceProp and the other API structures
 *   hgrd_runtime_api.h      the runtime API functions, the launch machinery
 *   hgrd_runtime_cxx.h      the C++ template overloads of the runtime API
 *   hgrd_runtime_graphs.h   stream-ordered allocation, graphs, IPC handles
 *   hgrd_textures.h         texture references and objects (opaque fetches)
 *   hgrd_math.h             device math, integer intrinsics, min/max
 *   hgrd_atomics.h          atomicAdd ... atomicXor in the three scopes
 *   hgrd_warp.h             __syncwarp, shuffles, votes, matches
 *   hgrd_intrinsics.h       __ldg, cache-hint loads, address spaces, misc
 *   hgrd_annotations.h      GPUVerify annotations (also used with an SDK)
 *
 * The usual header names (cuda.h, cuda_runtime.h, device_functions.h, ...)
 * include this file, or the real SDK's header when clang's runtime wrapper
 * is active. cuda.h adds the driver API; cuda_fp16.h, cooperative_groups.h,
 * helper_cuda.h, helper_functions.h (helper_string.h, helper_timer.h,
 * helper_image.h), helper_math.h and shrUtils.h add their parts.
 * cuda_bf16.h, cuda_fp8.h and cuComplex.h add the reduced-precision and
 * complex types. cublas_v2.h (cublas_api.h), cublasLt.h, cusparse.h,
 * cufft.h, curand.h, cusolverDn.h, nvToolsExt.h, nccl.h, mpi.h and omp.h
 * declare the host APIs of the libraries, so that host code calling them
 * compiles; such a call is an external call of the host code. thrust and cub (Debian's
 * header-only packages) read the include guards hgrd_config.h defines.
 * bits/shared_ptr_base.h shields a libstdc++ header from the __noinline__
 * macro.
 */
#ifndef HGRD_PRELUDE_H
#define HGRD_PRELUDE_H

#if !defined(__CUDA__) || !defined(__cplusplus)
#error "hgrd_prelude.h is for CUDA compilation with clang (-x cuda) only"
#endif

#include "hgrd_config.h"
#include "hgrd_libc.h"

/* threadIdx, blockIdx, blockDim, gridDim and warpSize: clang's own header
 * reads them through __nvvm_read_ptx_sreg_* (llvm.nvvm.read.ptx.sreg.*). It
 * forward-declares struct uint3 and struct dim3, defined next. */
#include <__clang_cuda_builtin_vars.h>

#include "hgrd_vector_types.h"
#include "hgrd_runtime_types.h"
#include "hgrd_runtime_structs.h"
#include "hgrd_runtime_api.h"
#include "hgrd_runtime_cxx.h"
#include "hgrd_runtime_graphs.h"
#include "hgrd_textures.h"
#include "hgrd_math.h"
#include "hgrd_atomics.h"
#include "hgrd_warp.h"
#include "hgrd_intrinsics.h"
#include "hgrd_annotations.h"

#endif /* HGRD_PRELUDE_H */
