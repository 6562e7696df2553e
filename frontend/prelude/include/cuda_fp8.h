/*
 * cuda_fp8.h - hgrd prelude: the 8-bit floating-point types E4M3 and E5M2,
 * the common subset.
 *
 * Storage is one byte per value (two for the x2 types, four for x4), as in
 * CUDA, so memory layouts and byte offsets match. Conversions are integer
 * operations on the bits: the exponent rebiased, the mantissa rounded to
 * nearest, out-of-range values saturated or made NaN/infinity. With a real
 * CUDA SDK its own header is read instead.
 */
#if defined(__CLANG_CUDA_RUNTIME_WRAPPER_H__)
#include_next <cuda_fp8.h>
#elif !defined(HGRD_CUDA_FP8_H)
#define HGRD_CUDA_FP8_H

#include "hgrd_prelude.h"
#include "cuda_fp16.h"
#include "cuda_bf16.h"

#pragma push_macro("__HGRD_F8")
#define __HGRD_F8                                                              \
  static __inline__ __attribute__((always_inline)) __host__ __device__

typedef unsigned char __nv_fp8_storage_t;
typedef unsigned short int __nv_fp8x2_storage_t;
typedef unsigned int __nv_fp8x4_storage_t;
typedef enum __nv_saturation_t {
  __NV_NOSAT,
  __NV_SATFINITE
} __nv_saturation_t;
typedef enum __nv_fp8_interpretation_t {
  __NV_E4M3,
  __NV_E5M2
} __nv_fp8_interpretation_t;

/* The bits of f in the 8-bit format with mbits mantissa bits and exponent
 * bias bias, rounded to nearest; maxbits is the largest finite value. */
__HGRD_F8 __nv_fp8_storage_t __hgrd_float_to_fp8(float f, int mbits,
                                                 int bias, unsigned maxbits,
                                                 bool sat) {
  unsigned u = __builtin_bit_cast(unsigned, f);
  unsigned sign = (u >> 24) & 0x80u;
  if ((u & 0x7fffffffu) > 0x7f800000u)
    return (__nv_fp8_storage_t)(sign | 0x7fu); /* NaN */
  int e = (int)((u >> 23) & 0xffu) - 127 + bias;
  unsigned m = u & 0x7fffffu;
  unsigned bits;
  if (e <= 0) {
    /* subnormal or zero in the 8-bit format */
    int shift = 23 - mbits + 1 - e;
    bits = shift > 24 ? 0u : ((m | 0x800000u) + (1u << (shift - 1))) >> shift;
  } else {
    unsigned r = (m + (1u << (22 - mbits))) >> (23 - mbits);
    bits = ((unsigned)e << mbits) + r;
  }
  if (bits > maxbits)
    bits = sat ? maxbits : (mbits == 2 ? 0x7cu : 0x7fu);
  return (__nv_fp8_storage_t)(sign | bits);
}
/* The value of the 8-bit bits b with mbits mantissa bits and bias bias. */
__HGRD_F8 float __hgrd_fp8_to_float(__nv_fp8_storage_t b, int mbits,
                                    int bias) {
  unsigned sign = (b & 0x80u) << 24;
  unsigned e = (b & 0x7fu) >> mbits, m = b & ((1u << mbits) - 1u);
  float mag;
  if (e == 0)
    mag = (float)m * __builtin_bit_cast(float, (unsigned)(127 - bias - mbits + 1) << 23);
  else
    mag = __builtin_bit_cast(float, ((e - bias + 127) << 23) | (m << (23 - mbits)));
  return __builtin_bit_cast(float, __builtin_bit_cast(unsigned, mag) | sign);
}

__HGRD_F8 __nv_fp8_storage_t
__nv_cvt_float_to_fp8(float x, __nv_saturation_t sat,
                      __nv_fp8_interpretation_t t) {
  return t == __NV_E4M3
             ? __hgrd_float_to_fp8(x, 3, 7, 0x7eu, sat == __NV_SATFINITE)
             : __hgrd_float_to_fp8(x, 2, 15, 0x7bu, sat == __NV_SATFINITE);
}
__HGRD_F8 __nv_fp8_storage_t
__nv_cvt_double_to_fp8(double x, __nv_saturation_t sat,
                       __nv_fp8_interpretation_t t) {
  return __nv_cvt_float_to_fp8((float)x, sat, t);
}
__HGRD_F8 __nv_fp8x2_storage_t
__nv_cvt_float2_to_fp8x2(float2 x, __nv_saturation_t sat,
                         __nv_fp8_interpretation_t t) {
  return (__nv_fp8x2_storage_t)(__nv_cvt_float_to_fp8(x.x, sat, t) |
                                (__nv_cvt_float_to_fp8(x.y, sat, t) << 8));
}
__HGRD_F8 float __hgrd_fp8_value(__nv_fp8_storage_t b,
                                 __nv_fp8_interpretation_t t) {
  return t == __NV_E4M3 ? __hgrd_fp8_to_float(b, 3, 7)
                        : __hgrd_fp8_to_float(b, 2, 15);
}
__HGRD_F8 __half_raw __nv_cvt_fp8_to_halfraw(__nv_fp8_storage_t x,
                                             __nv_fp8_interpretation_t t) {
  __half_raw r;
  r.x = __half(__hgrd_fp8_value(x, t)).__x;
  return r;
}
__HGRD_F8 __nv_fp8_storage_t
__nv_cvt_halfraw_to_fp8(__half_raw x, __nv_saturation_t sat,
                        __nv_fp8_interpretation_t t) {
  return __nv_cvt_float_to_fp8((float)__ushort_as_half(x.x), sat, t);
}
__HGRD_F8 __nv_fp8_storage_t
__nv_cvt_bfloat16raw_to_fp8(__nv_bfloat16_raw x, __nv_saturation_t sat,
                            __nv_fp8_interpretation_t t) {
  return __nv_cvt_float_to_fp8((float)__ushort_as_bfloat16(x.x), sat, t);
}

/* One value of the 8-bit format T (E4M3 or E5M2). */
template <__nv_fp8_interpretation_t T> struct __hgrd_fp8 {
  __nv_fp8_storage_t __x;
  __hgrd_fp8() = default;
  __attribute__((always_inline)) __host__ __device__ explicit __hgrd_fp8(
      float f)
      : __x(__nv_cvt_float_to_fp8(f, __NV_SATFINITE, T)) {}
  __attribute__((always_inline)) __host__ __device__ explicit __hgrd_fp8(
      double f)
      : __hgrd_fp8((float)f) {}
  __attribute__((always_inline)) __host__ __device__ explicit __hgrd_fp8(
      __half h)
      : __hgrd_fp8((float)h) {}
  __attribute__((always_inline)) __host__ __device__ explicit __hgrd_fp8(
      __nv_bfloat16 h)
      : __hgrd_fp8((float)h) {}
  __attribute__((always_inline)) __host__ __device__ explicit __hgrd_fp8(int i)
      : __hgrd_fp8((float)i) {}
  __attribute__((always_inline)) __host__ __device__ explicit
  operator float() const {
    return __hgrd_fp8_value(__x, T);
  }
  __attribute__((always_inline)) __host__ __device__ explicit
  operator __half() const {
    return __half((float)*this);
  }
};
/* Two values, x in the low byte. */
template <__nv_fp8_interpretation_t T> struct __hgrd_fp8x2 {
  __nv_fp8x2_storage_t __x;
  __hgrd_fp8x2() = default;
  __attribute__((always_inline)) __host__ __device__ explicit __hgrd_fp8x2(
      float2 f)
      : __x(__nv_cvt_float2_to_fp8x2(f, __NV_SATFINITE, T)) {}
  __attribute__((always_inline)) __host__ __device__ explicit
  operator float2() const {
    return make_float2(__hgrd_fp8_value((__nv_fp8_storage_t)__x, T),
                       __hgrd_fp8_value((__nv_fp8_storage_t)(__x >> 8), T));
  }
};
/* Four values, x in the low byte. */
template <__nv_fp8_interpretation_t T> struct __hgrd_fp8x4 {
  __nv_fp8x4_storage_t __x;
  __hgrd_fp8x4() = default;
  __attribute__((always_inline)) __host__ __device__ explicit __hgrd_fp8x4(
      float4 f)
      : __x(__nv_cvt_float2_to_fp8x2(make_float2(f.x, f.y), __NV_SATFINITE,
                                     T) |
            ((unsigned)__nv_cvt_float2_to_fp8x2(make_float2(f.z, f.w),
                                                __NV_SATFINITE, T)
             << 16)) {}
  __attribute__((always_inline)) __host__ __device__ explicit
  operator float4() const {
    return make_float4(__hgrd_fp8_value((__nv_fp8_storage_t)__x, T),
                       __hgrd_fp8_value((__nv_fp8_storage_t)(__x >> 8), T),
                       __hgrd_fp8_value((__nv_fp8_storage_t)(__x >> 16), T),
                       __hgrd_fp8_value((__nv_fp8_storage_t)(__x >> 24), T));
  }
};
typedef __hgrd_fp8<__NV_E4M3> __nv_fp8_e4m3;
typedef __hgrd_fp8<__NV_E5M2> __nv_fp8_e5m2;
typedef __hgrd_fp8x2<__NV_E4M3> __nv_fp8x2_e4m3;
typedef __hgrd_fp8x2<__NV_E5M2> __nv_fp8x2_e5m2;
typedef __hgrd_fp8x4<__NV_E4M3> __nv_fp8x4_e4m3;
typedef __hgrd_fp8x4<__NV_E5M2> __nv_fp8x4_e5m2;

#pragma pop_macro("__HGRD_F8")

#endif /* HGRD_CUDA_FP8_H */
