/*
 * cuda_fp16.h - hgrd prelude: half precision, the common subset.
 *
 * __half is 2 bytes (2-aligned) and __half2 4 bytes (4-aligned), as in CUDA,
 * so memory layouts and byte offsets match. Arithmetic converts to float
 * and back (the IR shows llvm.convert.{from,to}.fp16); atomicAdd on __half
 * and __half2 is a compare-and-swap loop (cmpxchg i16 / i32). Not provided:
 * the rounding-mode variants beyond _rn, bfloat16, and the less common
 * math functions. With a real CUDA SDK its own header is read instead.
 */
#if defined(__CLANG_CUDA_RUNTIME_WRAPPER_H__)
#include_next <cuda_fp16.h>
#elif !defined(HGRD_CUDA_FP16_H)
#define HGRD_CUDA_FP16_H

#include "hgrd_prelude.h"

#pragma push_macro("__HGRD_HF")
#pragma push_macro("__HGRD_HOP")
#define __HGRD_HF                                                              \
  static __inline__ __attribute__((always_inline)) __host__ __device__

struct __attribute__((aligned(2))) __half {
  unsigned short __x;
  __half() = default;
  __attribute__((always_inline)) __host__ __device__ __half(float f) {
    __fp16 t = f;
    __x = __builtin_bit_cast(unsigned short, t);
  }
  __attribute__((always_inline)) __host__ __device__ __half(double f)
      : __half((float)f) {}
  __attribute__((always_inline)) __host__ __device__ __half(int i)
      : __half((float)i) {}
  __attribute__((always_inline)) __host__ __device__ operator float() const {
    return (float)__builtin_bit_cast(__fp16, __x);
  }
};
struct __attribute__((aligned(4))) __half2 {
  __half x, y;
};
typedef __half half;
typedef __half2 half2;
typedef struct {
  unsigned short x;
} __half_raw;

/* ---- conversions ---- */
__HGRD_HF __half __float2half(float f) { return __half(f); }
__HGRD_HF __half __float2half_rn(float f) { return __half(f); }
__HGRD_HF float __half2float(__half h) { return (float)h; }
__HGRD_HF __half __int2half_rn(int i) { return __half((float)i); }
__HGRD_HF int __half2int_rz(__half h) { return (int)(float)h; }
__HGRD_HF __half2 __float2half2_rn(float f) {
  return __half2{__half(f), __half(f)};
}
__HGRD_HF __half2 __floats2half2_rn(float a, float b) {
  return __half2{__half(a), __half(b)};
}
__HGRD_HF __half2 __halves2half2(__half a, __half b) { return __half2{a, b}; }
__HGRD_HF __half2 __half2half2(__half a) { return __half2{a, a}; }
__HGRD_HF float2 __half22float2(__half2 h) {
  return make_float2((float)h.x, (float)h.y);
}
__HGRD_HF __half2 __float22half2_rn(float2 f) {
  return __half2{__half(f.x), __half(f.y)};
}
__HGRD_HF float __low2float(__half2 h) { return (float)h.x; }
__HGRD_HF float __high2float(__half2 h) { return (float)h.y; }
__HGRD_HF __half __low2half(__half2 h) { return h.x; }
__HGRD_HF __half __high2half(__half2 h) { return h.y; }
__HGRD_HF unsigned short __half_as_ushort(__half h) { return h.__x; }
__HGRD_HF short __half_as_short(__half h) { return (short)h.__x; }
__HGRD_HF __half __ushort_as_half(unsigned short u) {
  __half h;
  h.__x = u;
  return h;
}
__HGRD_HF __half __short_as_half(short s) {
  return __ushort_as_half((unsigned short)s);
}

/* ---- arithmetic ---- */
__HGRD_HF __half __hadd(__half a, __half b) {
  return __half((float)a + (float)b);
}
__HGRD_HF __half __hsub(__half a, __half b) {
  return __half((float)a - (float)b);
}
__HGRD_HF __half __hmul(__half a, __half b) {
  return __half((float)a * (float)b);
}
__HGRD_HF __half __hdiv(__half a, __half b) {
  return __half((float)a / (float)b);
}
__HGRD_HF __half __hfma(__half a, __half b, __half c) {
  return __half((float)a * (float)b + (float)c);
}
__HGRD_HF __half __hneg(__half a) { return __half(-(float)a); }
__HGRD_HF __half __habs(__half a) { return __ushort_as_half(a.__x & 0x7fffu); }
__HGRD_HF __half __hmax(__half a, __half b) {
  return (float)a < (float)b ? b : a;
}
__HGRD_HF __half __hmin(__half a, __half b) {
  return (float)b < (float)a ? b : a;
}
__HGRD_HF bool __heq(__half a, __half b) { return (float)a == (float)b; }
__HGRD_HF bool __hne(__half a, __half b) { return (float)a != (float)b; }
__HGRD_HF bool __hlt(__half a, __half b) { return (float)a < (float)b; }
__HGRD_HF bool __hle(__half a, __half b) { return (float)a <= (float)b; }
__HGRD_HF bool __hgt(__half a, __half b) { return (float)a > (float)b; }
__HGRD_HF bool __hge(__half a, __half b) { return (float)a >= (float)b; }
__HGRD_HF bool __hisnan(__half a) { return (float)a != (float)a; }
__HGRD_HF __half2 __hadd2(__half2 a, __half2 b) {
  return __half2{__hadd(a.x, b.x), __hadd(a.y, b.y)};
}
__HGRD_HF __half2 __hsub2(__half2 a, __half2 b) {
  return __half2{__hsub(a.x, b.x), __hsub(a.y, b.y)};
}
__HGRD_HF __half2 __hmul2(__half2 a, __half2 b) {
  return __half2{__hmul(a.x, b.x), __hmul(a.y, b.y)};
}
__HGRD_HF __half2 __h2div(__half2 a, __half2 b) {
  return __half2{__hdiv(a.x, b.x), __hdiv(a.y, b.y)};
}
__HGRD_HF __half2 __hfma2(__half2 a, __half2 b, __half2 c) {
  return __half2{__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y)};
}
__HGRD_HF __half hsqrt(__half a) { return __half(sqrtf((float)a)); }
__HGRD_HF __half hrsqrt(__half a) { return __half(1.0f / sqrtf((float)a)); }
__HGRD_HF __half hrcp(__half a) { return __half(1.0f / (float)a); }
__HGRD_HF __half hexp(__half a) { return __half(expf((float)a)); }
__HGRD_HF __half hlog(__half a) { return __half(logf((float)a)); }

/* Operators on __half2; scalar __half arithmetic uses the conversion to
 * float, as in CUDA. */
#define __HGRD_HOP(OP, F)                                                      \
  __HGRD_HF __half2 operator OP(__half2 a, __half2 b) { return F(a, b); }      \
  __HGRD_HF __half2 &operator OP##=(__half2 &a, __half2 b) {                   \
    return a = F(a, b);                                                        \
  }
__HGRD_HOP(+, __hadd2)
__HGRD_HOP(-, __hsub2)
__HGRD_HOP(*, __hmul2)
__HGRD_HOP(/, __h2div)

/* Compound assignment on __half: the built-in forms cannot bind a __half
 * lvalue, so these never compete with the conversion to float. */
#define __HGRD_HCOP(OP, F)                                                     \
  __HGRD_HF __half &operator OP##=(__half &a, __half b) { return a = F(a, b); }
__HGRD_HCOP(+, __hadd)
__HGRD_HCOP(-, __hsub)
__HGRD_HCOP(*, __hmul)
__HGRD_HCOP(/, __hdiv)
#undef __HGRD_HCOP

/* ---- more conversions and pair functions ---- */
__HGRD_HF __half __float2half_rz(float f) { return __half(f); }
__HGRD_HF __half __float2half_rd(float f) { return __half(f); }
__HGRD_HF __half __float2half_ru(float f) { return __half(f); }
__HGRD_HF __half __double2half(double d) { return __half((float)d); }
__HGRD_HF int __half2int_rn(__half h) { return (int)(float)h; }
__HGRD_HF unsigned int __half2uint_rn(__half h) { return (unsigned)(float)h; }
__HGRD_HF unsigned int __half2uint_rz(__half h) { return (unsigned)(float)h; }
__HGRD_HF short __half2short_rn(__half h) { return (short)(float)h; }
__HGRD_HF short __half2short_rz(__half h) { return (short)(float)h; }
__HGRD_HF unsigned short __half2ushort_rn(__half h) {
  return (unsigned short)(float)h;
}
__HGRD_HF unsigned short __half2ushort_rz(__half h) {
  return (unsigned short)(float)h;
}
__HGRD_HF __half __uint2half_rn(unsigned int i) { return __half((float)i); }
__HGRD_HF __half __short2half_rn(short i) { return __half((float)i); }
__HGRD_HF __half __ushort2half_rn(unsigned short i) { return __half((float)i); }
__HGRD_HF __half __ll2half_rn(long long i) { return __half((float)i); }
__HGRD_HF __half2 __low2half2(__half2 h) { return __half2{h.x, h.x}; }
__HGRD_HF __half2 __high2half2(__half2 h) { return __half2{h.y, h.y}; }
__HGRD_HF __half2 __lowhigh2highlow(__half2 h) { return __half2{h.y, h.x}; }
__HGRD_HF __half2 __lows2half2(__half2 a, __half2 b) {
  return __half2{a.x, b.x};
}
__HGRD_HF __half2 __highs2half2(__half2 a, __half2 b) {
  return __half2{a.y, b.y};
}
__HGRD_HF __half2 __hneg2(__half2 a) { return __half2{__hneg(a.x), __hneg(a.y)}; }
__HGRD_HF __half2 __habs2(__half2 a) { return __half2{__habs(a.x), __habs(a.y)}; }
__HGRD_HF __half2 __hmax2(__half2 a, __half2 b) {
  return __half2{__hmax(a.x, b.x), __hmax(a.y, b.y)};
}
__HGRD_HF __half2 __hmin2(__half2 a, __half2 b) {
  return __half2{__hmin(a.x, b.x), __hmin(a.y, b.y)};
}
__HGRD_HF __half2 h2sqrt(__half2 a) { return __half2{hsqrt(a.x), hsqrt(a.y)}; }
__HGRD_HF __half2 h2exp(__half2 a) { return __half2{hexp(a.x), hexp(a.y)}; }
__HGRD_HF __half hlog2(__half a) { return __half(log2f((float)a)); }
__HGRD_HF __half hlog10(__half a) { return __half(log10f((float)a)); }
__HGRD_HF __half hexp2(__half a) { return __half(exp2f((float)a)); }
__HGRD_HF __half hexp10(__half a) { return __half(exp10f((float)a)); }
__HGRD_HF __half htrunc(__half a) { return __half(truncf((float)a)); }
__HGRD_HF __half hrint(__half a) { return __half(rintf((float)a)); }
__HGRD_HF __half hsin(__half a) { return __half(sinf((float)a)); }
__HGRD_HF __half hcos(__half a) { return __half(cosf((float)a)); }
__HGRD_HF __half htanh(__half a) { return __half(tanhf((float)a)); }
__HGRD_HF __half hfloor(__half a) { return __half(floorf((float)a)); }
__HGRD_HF __half hceil(__half a) { return __half(ceilf((float)a)); }
__HGRD_HF __half __hadd_sat(__half a, __half b) {
  float r = (float)a + (float)b;
  return __half(r < 0.0f ? 0.0f : r > 1.0f ? 1.0f : r);
}
__HGRD_HF __half __hmul_sat(__half a, __half b) {
  float r = (float)a * (float)b;
  return __half(r < 0.0f ? 0.0f : r > 1.0f ? 1.0f : r);
}
__HGRD_HF __half __hfma_relu(__half a, __half b, __half c) {
  float r = (float)a * (float)b + (float)c;
  return __half(r < 0.0f ? 0.0f : r);
}
__HGRD_HF bool __hisinf(__half a) {
  return (a.__x & 0x7fffu) == 0x7c00u;
}

/* ---- warp shuffles of halves ---- */
static __device__ __inline__ __attribute__((always_inline)) __half
__shfl_sync(unsigned int m, __half v, int l, int w = 32) {
  return __ushort_as_half(
      (unsigned short)__shfl_sync(m, (unsigned int)v.__x, l, w));
}
static __device__ __inline__ __attribute__((always_inline)) __half
__shfl_down_sync(unsigned int m, __half v, unsigned int d, int w = 32) {
  return __ushort_as_half(
      (unsigned short)__shfl_down_sync(m, (unsigned int)v.__x, d, w));
}
static __device__ __inline__ __attribute__((always_inline)) __half
__shfl_up_sync(unsigned int m, __half v, unsigned int d, int w = 32) {
  return __ushort_as_half(
      (unsigned short)__shfl_up_sync(m, (unsigned int)v.__x, d, w));
}
static __device__ __inline__ __attribute__((always_inline)) __half2
__shfl_xor_sync(unsigned int m, __half2 v, int l, int w = 32) {
  return __builtin_bit_cast(
      __half2, __shfl_xor_sync(m, __builtin_bit_cast(unsigned int, v), l, w));
}
static __device__ __inline__ __attribute__((always_inline)) __half2
__shfl_down_sync(unsigned int m, __half2 v, unsigned int d, int w = 32) {
  return __builtin_bit_cast(
      __half2, __shfl_down_sync(m, __builtin_bit_cast(unsigned int, v), d, w));
}
static __device__ __inline__ __attribute__((always_inline)) __half2
__shfl_sync(unsigned int m, __half2 v, int l, int w = 32) {
  return __builtin_bit_cast(
      __half2, __shfl_sync(m, __builtin_bit_cast(unsigned int, v), l, w));
}
static __device__ __inline__ __attribute__((always_inline)) __half
__shfl_xor_sync(unsigned int m, __half v, int l, int w = 32) {
  return __ushort_as_half(
      (unsigned short)__shfl_xor_sync(m, (unsigned int)v.__x, l, w));
}

/* ---- atomics: compare-and-swap loops ----
 * The hardware adds a __half or __half2 in one atomic instruction. The
 * loops below stand for it with atomic operations only: their first read
 * is an atomic load, so that it races with no other thread's atomic,
 * as the instruction does not. */
static __device__ __inline__ __attribute__((always_inline)) __half
atomicAdd(__half *p, __half v) {
  unsigned short *a = (unsigned short *)p,
                 old = __atomic_load_n(a, __ATOMIC_RELAXED), seen;
  do {
    seen = old;
    old = __sync_val_compare_and_swap(a, seen,
                                      __hadd(__ushort_as_half(seen), v).__x);
  } while (old != seen);
  return __ushort_as_half(old);
}
static __device__ __inline__ __attribute__((always_inline)) __half2
atomicAdd(__half2 *p, __half2 v) {
  unsigned int *a = (unsigned int *)p,
               old = __atomic_load_n(a, __ATOMIC_RELAXED), seen;
  do {
    seen = old;
    __half2 n = __builtin_bit_cast(__half2, seen) + v;
    old = atomicCAS(a, seen, __builtin_bit_cast(unsigned int, n));
  } while (old != seen);
  return __builtin_bit_cast(__half2, old);
}

#pragma pop_macro("__HGRD_HOP")
#pragma pop_macro("__HGRD_HF")

#endif /* HGRD_CUDA_FP16_H */
