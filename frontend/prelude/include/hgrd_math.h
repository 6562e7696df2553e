/*
 * hgrd_math.h - device math, integer intrinsics, and min/max.
 *
 * The device side of <math.h>/<cmath> (sqrtf, expf, std::sqrt, isnan, ...)
 * and most CUDA intrinsics (__fdividef, __expf, __saturatef, __fadd_rn,
 * __float2int_rn, __int2float_rn, __byte_perm, ...) come from clang-14's own
 * CUDA headers. They become calls to libdevice functions (@__nv_sqrtf,
 * @__nv_fast_expf, ...), which stay external declarations because no
 * libdevice is linked. The same headers provide __threadfence_block,
 * __threadfence and __threadfence_system (@llvm.nvvm.membar.cta/gl/sys),
 * __syncthreads_count/_and/_or (@llvm.nvvm.barrier0.popc/and/or) and
 * clock()/clock64() (@llvm.nvvm.read.ptx.sreg.clock/clock64). All are
 * `static __device__`: a function that is never called leaves no trace.
 *
 * The integer functions that index computations use (min, max, abs,
 * __mul24, __popc, __clz, __ffs, __brev, __mulhi, the bit casts, ...) are
 * defined here instead, as plain arithmetic or LLVM bit intrinsics
 * (llvm.ctpop, llvm.ctlz, llvm.cttz, llvm.bitreverse), so that the analysis
 * can follow the values. clang's libdevice-based definitions of these names
 * are read under other names (__hgrd_clang_*) and never used.
 */
#ifndef HGRD_MATH_H
#define HGRD_MATH_H

#pragma push_macro("__DEVICE__")
/* clang's headers choose the libdevice-based SIMD-in-a-word intrinsics
 * (__vadd2, __vabsdiff4, ...) for CUDA 9.0/9.1 and inline PTX for later
 * versions; the analysis wants calls, not assembly, so they are read with
 * CUDA_VERSION set to 9000. */
#pragma push_macro("CUDA_VERSION")
#undef CUDA_VERSION
#define CUDA_VERSION 9000
/* Rename clang's definitions of the names that are defined below. */
#define min __hgrd_clang_min
#define max __hgrd_clang_max
#define umin __hgrd_clang_umin
#define umax __hgrd_clang_umax
#define llmin __hgrd_clang_llmin
#define llmax __hgrd_clang_llmax
#define ullmin __hgrd_clang_ullmin
#define ullmax __hgrd_clang_ullmax
#define abs __hgrd_clang_abs
#define __mul24 __hgrd_clang_mul24
#define __umul24 __hgrd_clang_umul24
#define __mulhi __hgrd_clang_mulhi
#define __umulhi __hgrd_clang_umulhi
#define __popc __hgrd_clang_popc
#define __popcll __hgrd_clang_popcll
#define __clz __hgrd_clang_clz
#define __clzll __hgrd_clang_clzll
#define __ffs __hgrd_clang_ffs
#define __ffsll __hgrd_clang_ffsll
#define __brev __hgrd_clang_brev
#define __brevll __hgrd_clang_brevll
#define __float_as_int __hgrd_clang_float_as_int
#define __float_as_uint __hgrd_clang_float_as_uint
#define __int_as_float __hgrd_clang_int_as_float
#define __uint_as_float __hgrd_clang_uint_as_float
#define __double_as_longlong __hgrd_clang_double_as_longlong
#define __longlong_as_double __hgrd_clang_longlong_as_double
#include <__clang_cuda_libdevice_declares.h>
#include <__clang_cuda_device_functions.h>
#include <__clang_cuda_math.h>
#undef min
#undef max
#undef umin
#undef umax
#undef llmin
#undef llmax
#undef ullmin
#undef ullmax
#undef abs
#undef __mul24
#undef __umul24
#undef __mulhi
#undef __umulhi
#undef __popc
#undef __popcll
#undef __clz
#undef __clzll
#undef __ffs
#undef __ffsll
#undef __brev
#undef __brevll
#undef __float_as_int
#undef __float_as_uint
#undef __int_as_float
#undef __uint_as_float
#undef __double_as_longlong
#undef __longlong_as_double
#pragma pop_macro("CUDA_VERSION")
/* Device overloads in namespace std (std::sqrt, std::isnan, ...). */
#include <__clang_cuda_cmath.h>
#pragma pop_macro("__DEVICE__")

#pragma push_macro("__HGRD_MF")
#define __HGRD_MF static __device__ __inline__ __attribute__((always_inline))

/* ---- integer intrinsics as arithmetic and LLVM bit intrinsics ---- */
/* abs(int) keeps the specifiers of clang's forward declaration. */
__HGRD_MF int abs(int __a) { return __a < 0 ? -__a : __a; }
/* __mul24 multiplies the low 24 bits; the analysis sees the full product,
 * which is the same for operands that fit in 24 bits (the function's
 * contract). */
__HGRD_MF int __mul24(int __a, int __b) { return __a * __b; }
__HGRD_MF unsigned int __umul24(unsigned int __a, unsigned int __b) {
  return __a * __b;
}
__HGRD_MF int __mulhi(int __a, int __b) {
  return (int)(((long long)__a * (long long)__b) >> 32);
}
__HGRD_MF unsigned int __umulhi(unsigned int __a, unsigned int __b) {
  return (unsigned int)(((unsigned long long)__a * __b) >> 32);
}
__HGRD_MF int __popc(unsigned int __a) { return __builtin_popcount(__a); }
__HGRD_MF int __popcll(unsigned long long __a) {
  return __builtin_popcountll(__a);
}
__HGRD_MF int __clz(int __a) {
  return __a == 0 ? 32 : __builtin_clz((unsigned int)__a);
}
__HGRD_MF int __clzll(long long __a) {
  return __a == 0 ? 64 : __builtin_clzll((unsigned long long)__a);
}
__HGRD_MF int __ffs(int __a) { return __builtin_ffs(__a); }
__HGRD_MF int __ffsll(long long __a) { return __builtin_ffsll(__a); }
__HGRD_MF unsigned int __brev(unsigned int __a) {
  return __builtin_bitreverse32(__a);
}
__HGRD_MF unsigned long long __brevll(unsigned long long __a) {
  return __builtin_bitreverse64(__a);
}
__HGRD_MF int __float_as_int(float __a) { return __builtin_bit_cast(int, __a); }
__HGRD_MF unsigned int __float_as_uint(float __a) {
  return __builtin_bit_cast(unsigned int, __a);
}
__HGRD_MF float __int_as_float(int __a) {
  return __builtin_bit_cast(float, __a);
}
__HGRD_MF float __uint_as_float(unsigned int __a) {
  return __builtin_bit_cast(float, __a);
}
__HGRD_MF long long __double_as_longlong(double __a) {
  return __builtin_bit_cast(long long, __a);
}
__HGRD_MF double __longlong_as_double(long long __a) {
  return __builtin_bit_cast(double, __a);
}
__HGRD_MF unsigned int umin(unsigned int __a, unsigned int __b) {
  return __a < __b ? __a : __b;
}
__HGRD_MF unsigned int umax(unsigned int __a, unsigned int __b) {
  return __a > __b ? __a : __b;
}
__HGRD_MF long long llmin(long long __a, long long __b) {
  return __a < __b ? __a : __b;
}
__HGRD_MF long long llmax(long long __a, long long __b) {
  return __a > __b ? __a : __b;
}
__HGRD_MF unsigned long long ullmin(unsigned long long __a,
                                    unsigned long long __b) {
  return __a < __b ? __a : __b;
}
__HGRD_MF unsigned long long ullmax(unsigned long long __a,
                                    unsigned long long __b) {
  return __a > __b ? __a : __b;
}
#pragma pop_macro("__HGRD_MF")

/* ---- min and max ----
 * CUDA offers min/max for every integer and floating type on both sides,
 * with mixed signed/unsigned overloads so that min(i, 5u) is not
 * ambiguous. Integers compare and select; floats behave like fminf/fmin (a
 * NaN loses). */
#pragma push_macro("__HGRD_MINMAX")
#pragma push_macro("__HGRD_MMF")
#define __HGRD_MMF                                                             \
  static __inline__ __attribute__((always_inline)) __host__ __device__
#define __HGRD_MINMAX(R, A, B)                                                 \
  __HGRD_MMF R min(A __a, B __b) { return (R)__a < (R)__b ? (R)__a : (R)__b; } \
  __HGRD_MMF R max(A __a, B __b) { return (R)__a > (R)__b ? (R)__a : (R)__b; }
__HGRD_MINMAX(int, int, int)
__HGRD_MINMAX(unsigned int, unsigned int, unsigned int)
__HGRD_MINMAX(unsigned int, int, unsigned int)
__HGRD_MINMAX(unsigned int, unsigned int, int)
__HGRD_MINMAX(long, long, long)
__HGRD_MINMAX(unsigned long, unsigned long, unsigned long)
__HGRD_MINMAX(unsigned long, long, unsigned long)
__HGRD_MINMAX(unsigned long, unsigned long, long)
__HGRD_MINMAX(long long, long long, long long)
__HGRD_MINMAX(unsigned long long, unsigned long long, unsigned long long)
__HGRD_MINMAX(unsigned long long, long long, unsigned long long)
__HGRD_MINMAX(unsigned long long, unsigned long long, long long)

__HGRD_MMF float min(float __a, float __b) { return fminf(__a, __b); }
__HGRD_MMF float max(float __a, float __b) { return fmaxf(__a, __b); }
__HGRD_MMF double min(double __a, double __b) { return fmin(__a, __b); }
__HGRD_MMF double max(double __a, double __b) { return fmax(__a, __b); }
__HGRD_MMF double min(float __a, double __b) { return fmin((double)__a, __b); }
__HGRD_MMF double max(float __a, double __b) { return fmax((double)__a, __b); }
__HGRD_MMF double min(double __a, float __b) { return fmin(__a, (double)__b); }
__HGRD_MMF double max(double __a, float __b) { return fmax(__a, (double)__b); }

#pragma pop_macro("__HGRD_MMF")
#pragma pop_macro("__HGRD_MINMAX")

/* ---- host versions of CUDA-only math functions ----
 * CUDA lets host code call rsqrtf and rsqrt too; clang's headers only
 * define their device side. */
static __inline__ __host__ float rsqrtf(float __a) { return 1.0f / sqrtf(__a); }
static __inline__ __host__ double rsqrt(double __a) { return 1.0 / sqrt(__a); }

#endif /* HGRD_MATH_H */
