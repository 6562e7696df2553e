/*
 * hgrd_config.h - version macros and CUDA qualifiers of hgrd's prelude.
 *
 * The versions claim CUDA 11.8 so that code with version checks takes its
 * modern paths (__shfl_sync rather than __shfl, and so on). clang itself
 * defines __CUDA__, and __CUDA_ARCH__ (700) on the device side only; both are
 * left alone.
 */
#ifndef HGRD_CONFIG_H
#define HGRD_CONFIG_H

/* ---- compiler and toolkit identification ---- */

/* nvcc defines __CUDACC__ for every CUDA compilation; clang leaves it to its
 * runtime wrapper, which -nocudainc disables. libstdc++ also looks at it (to
 * avoid __float128), so it is defined before any library header. */
#ifndef __CUDACC__
#define __CUDACC__ 1
#endif
#ifndef __NVCC__
#define __NVCC__ 1
#endif
#ifndef __CUDACC_VER_MAJOR__
#define __CUDACC_VER_MAJOR__ 11
#define __CUDACC_VER_MINOR__ 8
#define __CUDACC_VER_BUILD__ 89
#endif

/* The include guards of NVIDIA's host_defines.h, driver_types.h and
 * cuda_runtime_api.h: thrust undefines __host__ and __device__ before it
 * includes those headers unless their guards are defined, expecting them to
 * define the qualifiers again. */
#define __HOST_DEFINES_H__
#define __DRIVER_TYPES_H__
#define __CUDA_RUNTIME_API_H__

#ifndef CUDA_VERSION
#define CUDA_VERSION 11080 /* cuda.h */
#endif
#ifndef CUDART_VERSION
#define CUDART_VERSION 11080 /* cuda_runtime_api.h */
#endif
#ifndef __CUDART_API_VERSION
#define __CUDART_API_VERSION 11080
#endif
#ifndef CUDA_API_PER_THREAD_DEFAULT_STREAM
#define CUDA_API_PER_THREAD_DEFAULT_STREAM 0
#endif

/* ---- execution spaces and memory spaces ---- */

#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
/* clang-14 accepts the managed attribute for HIP only; for the analysis a
 * managed variable is a device variable that host code may also name. */
#define __managed__ __attribute__((device))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __grid_constant__ /* CUDA 11.7; nothing to do for analysis */

/* ---- function and type attributes ---- */

#define __forceinline__ __inline__ __attribute__((always_inline))
/* libstdc++ writes __attribute__((__noinline__)) in bits/shared_ptr_base.h,
 * which this macro would break; the prelude's bits/shared_ptr_base.h wraps
 * that header and hides the macro while it is read. */
#define __noinline__ __attribute__((noinline))
#define __inline_hint__
#define __align__(n) __attribute__((aligned(n)))
#define __builtin_align__(n) __attribute__((aligned(n)))
#define __thread__ __thread
#define __no_return__ __attribute__((noreturn))
/* (not __noreturn__: the C library spells __attribute__((__noreturn__)).) */
/* __restrict__ and __inline__ are keywords of clang already. */

/* Markers used in NVIDIA's headers and copied into user code now and then. */
#define __device_builtin__
#define __device_builtin_texture_type__
#define __device_builtin_surface_type__
#define __cudart_builtin__
#define __nv_pure__ __attribute__((pure))
#define CUDARTAPI
#define CUDAAPI
#define CUDART_CB
#define CUDA_CB
#define __CUDA_DEPRECATED

#endif /* HGRD_CONFIG_H */
