/*
 * cuda_bf16.h - hgrd prelude: bfloat16, the common subset.
 *
 * __nv_bfloat16 is 2 bytes (2-aligned) and __nv_bfloat162 4 bytes
 * (4-aligned), as in CUDA, so memory layouts and byte offsets match. A value
 * is the upper half of a float's bits: conversions are integer shifts with
 * round-to-nearest-even, arithmetic converts to float and back. With a real
 * CUDA SDK its own header is read instead.
 */
#if defined(__CLANG_CUDA_RUNTIME_WRAPPER_H__)
#include_next <cuda_bf16.h>
#elif !defined(HGRD_CUDA_BF16_H)
#define HGRD_CUDA_BF16_H

#include "hgrd_prelude.h"
#include "cuda_fp16.h"

#pragma push_macro("__HGRD_BF")
#define __HGRD_BF                                                              \
  static __inline__ __attribute__((always_inline)) __host__ __device__

/* The bits of f rounded to the nearest bfloat16, ties to even. */
__HGRD_BF unsigned short __hgrd_float2bf16_bits(float f) {
  unsigned int u = __builtin_bit_cast(unsigned int, f);
  if ((u & 0x7fffffffu) > 0x7f800000u)
    return (unsigned short)((u >> 16) | 0x40u); /* a quiet NaN */
  u += 0x7fffu + ((u >> 16) & 1u);
  return (unsigned short)(u >> 16);
}

struct __attribute__((aligned(2))) __nv_bfloat16 {
  unsigned short __x;
  __nv_bfloat16() = default;
  __attribute__((always_inline)) __host__ __device__ __nv_bfloat16(float f)
      : __x(__hgrd_float2bf16_bits(f)) {}
  __attribute__((always_inline)) __host__ __device__ __nv_bfloat16(double f)
      : __nv_bfloat16((float)f) {}
  __attribute__((always_inline)) __host__ __device__ __nv_bfloat16(int i)
      : __nv_bfloat16((float)i) {}
  __attribute__((always_inline)) __host__ __device__ operator float() const {
    return __builtin_bit_cast(float, (unsigned int)__x << 16);
  }
};
struct __attribute__((aligned(4))) __nv_bfloat162 {
  __nv_bfloat16 x, y;
};
typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;
typedef struct {
  unsigned short x;
} __nv_bfloat16_raw;
typedef struct {
  unsigned short x, y;
} __nv_bfloat162_raw;

/* ---- conversions ---- */
__HGRD_BF __nv_bfloat16 __float2bfloat16(float f) { return __nv_bfloat16(f); }
__HGRD_BF __nv_bfloat16 __float2bfloat16_rn(float f) {
  return __nv_bfloat16(f);
}
__HGRD_BF __nv_bfloat16 __float2bfloat16_rz(float f) {
  __nv_bfloat16 b;
  b.__x = (unsigned short)(__builtin_bit_cast(unsigned int, f) >> 16);
  return b;
}
__HGRD_BF __nv_bfloat16 __double2bfloat16(double d) {
  return __nv_bfloat16((float)d);
}
__HGRD_BF float __bfloat162float(__nv_bfloat16 b) { return (float)b; }
__HGRD_BF int __bfloat162int_rn(__nv_bfloat16 b) { return (int)(float)b; }
__HGRD_BF int __bfloat162int_rz(__nv_bfloat16 b) { return (int)(float)b; }
__HGRD_BF __nv_bfloat16 __int2bfloat16_rn(int i) {
  return __nv_bfloat16((float)i);
}
__HGRD_BF __nv_bfloat16 __uint2bfloat16_rn(unsigned int i) {
  return __nv_bfloat16((float)i);
}
__HGRD_BF unsigned short __bfloat16_as_ushort(__nv_bfloat16 b) {
  return b.__x;
}
__HGRD_BF short __bfloat16_as_short(__nv_bfloat16 b) { return (short)b.__x; }
__HGRD_BF __nv_bfloat16 __ushort_as_bfloat16(unsigned short u) {
  __nv_bfloat16 b;
  b.__x = u;
  return b;
}
__HGRD_BF __nv_bfloat16 __short_as_bfloat16(short s) {
  return __ushort_as_bfloat16((unsigned short)s);
}
__HGRD_BF __nv_bfloat162 __float2bfloat162_rn(float f) {
  return __nv_bfloat162{__nv_bfloat16(f), __nv_bfloat16(f)};
}
__HGRD_BF __nv_bfloat162 __floats2bfloat162_rn(float a, float b) {
  return __nv_bfloat162{__nv_bfloat16(a), __nv_bfloat16(b)};
}
__HGRD_BF __nv_bfloat162 __float22bfloat162_rn(float2 f) {
  return __nv_bfloat162{__nv_bfloat16(f.x), __nv_bfloat16(f.y)};
}
__HGRD_BF float2 __bfloat1622float2(__nv_bfloat162 b) {
  return make_float2((float)b.x, (float)b.y);
}
__HGRD_BF __nv_bfloat162 __halves2bfloat162(__nv_bfloat16 a,
                                            __nv_bfloat16 b) {
  return __nv_bfloat162{a, b};
}
__HGRD_BF __nv_bfloat162 __bfloat162bfloat162(__nv_bfloat16 a) {
  return __nv_bfloat162{a, a};
}
__HGRD_BF __nv_bfloat16 __low2bfloat16(__nv_bfloat162 b) { return b.x; }
__HGRD_BF __nv_bfloat16 __high2bfloat16(__nv_bfloat162 b) { return b.y; }
__HGRD_BF float __low2float(__nv_bfloat162 b) { return (float)b.x; }
__HGRD_BF float __high2float(__nv_bfloat162 b) { return (float)b.y; }
__HGRD_BF __half __bfloat162half(__nv_bfloat16 b) { return __half((float)b); }

/* ---- arithmetic ---- */
__HGRD_BF __nv_bfloat16 __hadd(__nv_bfloat16 a, __nv_bfloat16 b) {
  return __nv_bfloat16((float)a + (float)b);
}
__HGRD_BF __nv_bfloat16 __hsub(__nv_bfloat16 a, __nv_bfloat16 b) {
  return __nv_bfloat16((float)a - (float)b);
}
__HGRD_BF __nv_bfloat16 __hmul(__nv_bfloat16 a, __nv_bfloat16 b) {
  return __nv_bfloat16((float)a * (float)b);
}
__HGRD_BF __nv_bfloat16 __hdiv(__nv_bfloat16 a, __nv_bfloat16 b) {
  return __nv_bfloat16((float)a / (float)b);
}
__HGRD_BF __nv_bfloat16 __hfma(__nv_bfloat16 a, __nv_bfloat16 b,
                               __nv_bfloat16 c) {
  return __nv_bfloat16((float)a * (float)b + (float)c);
}
__HGRD_BF __nv_bfloat16 __hneg(__nv_bfloat16 a) {
  return __ushort_as_bfloat16(a.__x ^ 0x8000u);
}
__HGRD_BF __nv_bfloat16 __habs(__nv_bfloat16 a) {
  return __ushort_as_bfloat16(a.__x & 0x7fffu);
}
__HGRD_BF __nv_bfloat16 __hmax(__nv_bfloat16 a, __nv_bfloat16 b) {
  return (float)a < (float)b ? b : a;
}
__HGRD_BF __nv_bfloat16 __hmin(__nv_bfloat16 a, __nv_bfloat16 b) {
  return (float)b < (float)a ? b : a;
}
__HGRD_BF __nv_bfloat162 __hadd2(__nv_bfloat162 a, __nv_bfloat162 b) {
  return __nv_bfloat162{__hadd(a.x, b.x), __hadd(a.y, b.y)};
}
__HGRD_BF __nv_bfloat162 __hsub2(__nv_bfloat162 a, __nv_bfloat162 b) {
  return __nv_bfloat162{__hsub(a.x, b.x), __hsub(a.y, b.y)};
}
__HGRD_BF __nv_bfloat162 __hmul2(__nv_bfloat162 a, __nv_bfloat162 b) {
  return __nv_bfloat162{__hmul(a.x, b.x), __hmul(a.y, b.y)};
}
__HGRD_BF __nv_bfloat162 __h2div(__nv_bfloat162 a, __nv_bfloat162 b) {
  return __nv_bfloat162{__hdiv(a.x, b.x), __hdiv(a.y, b.y)};
}
__HGRD_BF __nv_bfloat162 __hfma2(__nv_bfloat162 a, __nv_bfloat162 b,
                                 __nv_bfloat162 c) {
  return __nv_bfloat162{__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y)};
}
__HGRD_BF __nv_bfloat16 hsqrt(__nv_bfloat16 a) {
  return __nv_bfloat16(sqrtf((float)a));
}
__HGRD_BF __nv_bfloat16 hexp(__nv_bfloat16 a) {
  return __nv_bfloat16(expf((float)a));
}
__HGRD_BF __nv_bfloat16 hrcp(__nv_bfloat16 a) {
  return __nv_bfloat16(1.0f / (float)a);
}

__HGRD_BF __nv_bfloat16 hlog(__nv_bfloat16 a) {
  return __nv_bfloat16(logf((float)a));
}
__HGRD_BF __nv_bfloat16 hlog2(__nv_bfloat16 a) {
  return __nv_bfloat16(log2f((float)a));
}
__HGRD_BF __nv_bfloat16 hlog10(__nv_bfloat16 a) {
  return __nv_bfloat16(log10f((float)a));
}
__HGRD_BF __nv_bfloat16 hexp2(__nv_bfloat16 a) {
  return __nv_bfloat16(exp2f((float)a));
}
__HGRD_BF __nv_bfloat16 hexp10(__nv_bfloat16 a) {
  return __nv_bfloat16(exp10f((float)a));
}
__HGRD_BF __nv_bfloat16 hsin(__nv_bfloat16 a) {
  return __nv_bfloat16(sinf((float)a));
}
__HGRD_BF __nv_bfloat16 hcos(__nv_bfloat16 a) {
  return __nv_bfloat16(cosf((float)a));
}
__HGRD_BF __nv_bfloat16 htanh(__nv_bfloat16 a) {
  return __nv_bfloat16(tanhf((float)a));
}
__HGRD_BF __nv_bfloat16 hfloor(__nv_bfloat16 a) {
  return __nv_bfloat16(floorf((float)a));
}
__HGRD_BF __nv_bfloat16 hceil(__nv_bfloat16 a) {
  return __nv_bfloat16(ceilf((float)a));
}
__HGRD_BF __nv_bfloat16 htrunc(__nv_bfloat16 a) {
  return __nv_bfloat16(truncf((float)a));
}
__HGRD_BF __nv_bfloat16 hrint(__nv_bfloat16 a) {
  return __nv_bfloat16(rintf((float)a));
}
__HGRD_BF __nv_bfloat16 hrsqrt(__nv_bfloat16 a) {
  return __nv_bfloat16(rsqrtf((float)a));
}
__HGRD_BF bool __hisnan(__nv_bfloat16 a) { return (float)a != (float)a; }
__HGRD_BF bool __heq(__nv_bfloat16 a, __nv_bfloat16 b) {
  return (float)a == (float)b;
}
__HGRD_BF bool __hlt(__nv_bfloat16 a, __nv_bfloat16 b) {
  return (float)a < (float)b;
}
__HGRD_BF bool __hgt(__nv_bfloat16 a, __nv_bfloat16 b) {
  return (float)a > (float)b;
}

#define __HGRD_BOP(OP, F)                                                      \
  __HGRD_BF __nv_bfloat162 operator OP(__nv_bfloat162 a, __nv_bfloat162 b) {   \
    return F(a, b);                                                            \
  }                                                                            \
  __HGRD_BF __nv_bfloat162 &operator OP##=(__nv_bfloat162 &a,                  \
                                           __nv_bfloat162 b) {                 \
    return a = F(a, b);                                                        \
  }                                                                            \
  __HGRD_BF __nv_bfloat16 &operator OP##=(__nv_bfloat16 &a, __nv_bfloat16 b) { \
    return a = __nv_bfloat16((float)a OP(float) b);                            \
  }
__HGRD_BOP(+, __hadd2)
__HGRD_BOP(-, __hsub2)
__HGRD_BOP(*, __hmul2)
__HGRD_BOP(/, __h2div)
#undef __HGRD_BOP

/* ---- warp shuffles and atomics ---- */
static __device__ __inline__ __attribute__((always_inline)) __nv_bfloat16
__shfl_xor_sync(unsigned int m, __nv_bfloat16 v, int l, int w = 32) {
  return __ushort_as_bfloat16(
      (unsigned short)__shfl_xor_sync(m, (unsigned int)v.__x, l, w));
}
static __device__ __inline__ __attribute__((always_inline)) __nv_bfloat16
__shfl_down_sync(unsigned int m, __nv_bfloat16 v, unsigned int d,
                 int w = 32) {
  return __ushort_as_bfloat16(
      (unsigned short)__shfl_down_sync(m, (unsigned int)v.__x, d, w));
}
static __device__ __inline__ __attribute__((always_inline)) __nv_bfloat16
__shfl_sync(unsigned int m, __nv_bfloat16 v, int l, int w = 32) {
  return __ushort_as_bfloat16(
      (unsigned short)__shfl_sync(m, (unsigned int)v.__x, l, w));
}
/* The hardware adds a __nv_bfloat16 in one atomic instruction; the loop
 * stands for it with atomic operations only (see cuda_fp16.h). */
static __device__ __inline__ __attribute__((always_inline)) __nv_bfloat16
atomicAdd(__nv_bfloat16 *p, __nv_bfloat16 v) {
  unsigned short *a = (unsigned short *)p,
                 old = __atomic_load_n(a, __ATOMIC_RELAXED), seen;
  do {
    seen = old;
    old = __sync_val_compare_and_swap(
        a, seen, __hadd(__ushort_as_bfloat16(seen), v).__x);
  } while (old != seen);
  return __ushort_as_bfloat16(old);
}

#pragma pop_macro("__HGRD_BF")

#endif /* HGRD_CUDA_BF16_H */
