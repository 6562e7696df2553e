/*
 * hgrd_libc.h - the C and C++ library as CUDA code sees it.
 *
 * nvcc's implicit cuda_runtime.h pulls in <stdio.h>, <stdlib.h>, <string.h>,
 * <math.h>, <cmath>, <time.h>, <new> and more, so programs call printf,
 * malloc or sqrtf without including anything; the same headers are included
 * here. Device code additionally needs device-side declarations of printf
 * (clang turns it into vprintf), malloc, free and of the assert machinery.
 */
#ifndef HGRD_LIBC_H
#define HGRD_LIBC_H

/* clang's forward declarations of the __device__ math overloads must come
 * before <cmath>: otherwise libstdc++'s constexpr functions become implicitly
 * __host__ __device__ and can no longer be overloaded. */
#include <__clang_cuda_math_forward_declares.h>

/* Device-side C library, declared before the host headers so that the
 * `using ::printf;` and friends of <cstdio> and <cstdlib> bring both the host
 * and the device function into namespace std, and so that clang's <new>
 * wrapper (device operator new calls ::malloc) finds them. */
extern "C" {
__device__ int printf(const char *__format, ...);
__device__ int vprintf(const char *__format, const char *__args);
__device__ void *malloc(__SIZE_TYPE__ __size) __attribute__((nothrow))
__attribute__((malloc));
__device__ void free(void *__ptr) __attribute__((nothrow));
/* The device-side assertion handler of the CUDA runtime: an external call
 * in the device IR, reached only when an assert() fails. */
__device__ void __assertfail(const char *__message, const char *__file,
                             unsigned int __line, const char *__function,
                             __SIZE_TYPE__ __char_size);
}

#include <stddef.h>
#include <stdint.h>
#include <limits.h>
#include <float.h>
#include <string.h>
#include <time.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
/* Included before hgrd_annotations.h defines the GPUVerify __assert(e)
 * macro: <assert.h> declares a function named __assert (once). */
#include <assert.h>
#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <cstring>
#include <new>

/* glibc's assert() calls __assert_fail, a host function; this device
 * overload forwards a failed assertion to __assertfail as nvcc does. */
extern "C" {
__device__ static __inline__ __attribute__((always_inline)) void
__assert_fail(const char *__message, const char *__file, unsigned int __line,
              const char *__function) {
  __assertfail(__message, __file, __line, __function, sizeof(char));
}
}

#endif /* HGRD_LIBC_H */
