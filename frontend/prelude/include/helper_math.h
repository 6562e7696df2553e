/*
 * helper_math.h - hgrd prelude: the vector arithmetic of the CUDA samples.
 *
 * Component-wise + - * / and their assignments for float2/3/4, int2/3/4 and
 * uint2/3/4 (vector with vector, vector with scalar, scalar with vector),
 * unary minus, dot; the converting make_* overloads; and lerp, clamp,
 * length, normalize, cross, reflect, smoothstep, floorf, fracf, fmodf, fabs,
 * fminf/fmaxf and min/max on vectors. hgrd's own implementation; every
 * function is forced-inline __host__ __device__.
 */
#ifndef HGRD_HELPER_MATH_H
#define HGRD_HELPER_MATH_H

#include <cuda_runtime.h>

/* The short names of unsigned types that the samples' headers define. */
typedef unsigned char uchar;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;

#pragma push_macro("__HGRD_HM")
#pragma push_macro("__HGRD_OPS2")
#pragma push_macro("__HGRD_OPS3")
#pragma push_macro("__HGRD_OPS4")
#pragma push_macro("__HGRD_VEC2")
#pragma push_macro("__HGRD_VEC3")
#pragma push_macro("__HGRD_VEC4")
#define __HGRD_HM                                                              \
  static __inline__ __attribute__((always_inline)) __host__ __device__

/* One binary operator OP for the N-component type V with elements T. */
#define __HGRD_OPS2(V, T, OP)                                                  \
  __HGRD_HM V operator OP(V a, V b) {                                          \
    return make_##V(a.x OP b.x, a.y OP b.y);                                   \
  }                                                                            \
  __HGRD_HM V operator OP(V a, T s) { return make_##V(a.x OP s, a.y OP s); }   \
  __HGRD_HM V operator OP(T s, V a) { return make_##V(s OP a.x, s OP a.y); }   \
  __HGRD_HM void operator OP##=(V &a, V b) { a = a OP b; }                     \
  __HGRD_HM void operator OP##=(V &a, T s) { a = a OP s; }
#define __HGRD_OPS3(V, T, OP)                                                  \
  __HGRD_HM V operator OP(V a, V b) {                                          \
    return make_##V(a.x OP b.x, a.y OP b.y, a.z OP b.z);                       \
  }                                                                            \
  __HGRD_HM V operator OP(V a, T s) {                                          \
    return make_##V(a.x OP s, a.y OP s, a.z OP s);                             \
  }                                                                            \
  __HGRD_HM V operator OP(T s, V a) {                                          \
    return make_##V(s OP a.x, s OP a.y, s OP a.z);                             \
  }                                                                            \
  __HGRD_HM void operator OP##=(V &a, V b) { a = a OP b; }                     \
  __HGRD_HM void operator OP##=(V &a, T s) { a = a OP s; }
#define __HGRD_OPS4(V, T, OP)                                                  \
  __HGRD_HM V operator OP(V a, V b) {                                          \
    return make_##V(a.x OP b.x, a.y OP b.y, a.z OP b.z, a.w OP b.w);           \
  }                                                                            \
  __HGRD_HM V operator OP(V a, T s) {                                          \
    return make_##V(a.x OP s, a.y OP s, a.z OP s, a.w OP s);                   \
  }                                                                            \
  __HGRD_HM V operator OP(T s, V a) {                                          \
    return make_##V(s OP a.x, s OP a.y, s OP a.z, s OP a.w);                   \
  }                                                                            \
  __HGRD_HM void operator OP##=(V &a, V b) { a = a OP b; }                     \
  __HGRD_HM void operator OP##=(V &a, T s) { a = a OP s; }

/* All four operators, dot and component-wise min/max. */
#define __HGRD_VEC2(V, T, MIN, MAX)                                            \
  __HGRD_OPS2(V, T, +)                                                         \
  __HGRD_OPS2(V, T, -) __HGRD_OPS2(V, T, *) __HGRD_OPS2(V, T, /) __HGRD_HM T   \
  dot(V a, V b) {                                                              \
    return a.x * b.x + a.y * b.y;                                              \
  }                                                                            \
  __HGRD_HM V MIN(V a, V b) { return make_##V(MIN(a.x, b.x), MIN(a.y, b.y)); } \
  __HGRD_HM V MAX(V a, V b) { return make_##V(MAX(a.x, b.x), MAX(a.y, b.y)); }
#define __HGRD_VEC3(V, T, MIN, MAX)                                            \
  __HGRD_OPS3(V, T, +)                                                         \
  __HGRD_OPS3(V, T, -) __HGRD_OPS3(V, T, *) __HGRD_OPS3(V, T, /) __HGRD_HM T   \
  dot(V a, V b) {                                                              \
    return a.x * b.x + a.y * b.y + a.z * b.z;                                  \
  }                                                                            \
  __HGRD_HM V MIN(V a, V b) {                                                  \
    return make_##V(MIN(a.x, b.x), MIN(a.y, b.y), MIN(a.z, b.z));              \
  }                                                                            \
  __HGRD_HM V MAX(V a, V b) {                                                  \
    return make_##V(MAX(a.x, b.x), MAX(a.y, b.y), MAX(a.z, b.z));              \
  }
#define __HGRD_VEC4(V, T, MIN, MAX)                                            \
  __HGRD_OPS4(V, T, +)                                                         \
  __HGRD_OPS4(V, T, -) __HGRD_OPS4(V, T, *) __HGRD_OPS4(V, T, /) __HGRD_HM T   \
  dot(V a, V b) {                                                              \
    return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;                      \
  }                                                                            \
  __HGRD_HM V MIN(V a, V b) {                                                  \
    return make_##V(MIN(a.x, b.x), MIN(a.y, b.y), MIN(a.z, b.z),               \
                    MIN(a.w, b.w));                                            \
  }                                                                            \
  __HGRD_HM V MAX(V a, V b) {                                                  \
    return make_##V(MAX(a.x, b.x), MAX(a.y, b.y), MAX(a.z, b.z),               \
                    MAX(a.w, b.w));                                            \
  }

__HGRD_VEC2(float2, float, fminf, fmaxf)
__HGRD_VEC3(float3, float, fminf, fmaxf)
__HGRD_VEC4(float4, float, fminf, fmaxf)
__HGRD_VEC2(int2, int, min, max)
__HGRD_VEC3(int3, int, min, max)
__HGRD_VEC4(int4, int, min, max)
__HGRD_VEC2(uint2, unsigned int, min, max)
__HGRD_VEC3(uint3, unsigned int, min, max)
__HGRD_VEC4(uint4, unsigned int, min, max)

/* ---- negation ---- */
__HGRD_HM float2 operator-(float2 a) { return make_float2(-a.x, -a.y); }
__HGRD_HM float3 operator-(float3 a) { return make_float3(-a.x, -a.y, -a.z); }
__HGRD_HM float4 operator-(float4 a) {
  return make_float4(-a.x, -a.y, -a.z, -a.w);
}
__HGRD_HM int2 operator-(int2 a) { return make_int2(-a.x, -a.y); }
__HGRD_HM int3 operator-(int3 a) { return make_int3(-a.x, -a.y, -a.z); }
__HGRD_HM int4 operator-(int4 a) { return make_int4(-a.x, -a.y, -a.z, -a.w); }

/* ---- construction from scalars and other vectors ---- */
__HGRD_HM float2 make_float2(float s) { return make_float2(s, s); }
__HGRD_HM float2 make_float2(float3 a) { return make_float2(a.x, a.y); }
__HGRD_HM float2 make_float2(int2 a) { return make_float2(a.x, a.y); }
__HGRD_HM float2 make_float2(uint2 a) { return make_float2(a.x, a.y); }
__HGRD_HM int2 make_int2(int s) { return make_int2(s, s); }
__HGRD_HM int2 make_int2(int3 a) { return make_int2(a.x, a.y); }
__HGRD_HM int2 make_int2(uint2 a) { return make_int2(a.x, a.y); }
__HGRD_HM int2 make_int2(float2 a) { return make_int2(a.x, a.y); }
__HGRD_HM uint2 make_uint2(unsigned int s) { return make_uint2(s, s); }
__HGRD_HM uint2 make_uint2(uint3 a) { return make_uint2(a.x, a.y); }
__HGRD_HM uint2 make_uint2(int2 a) { return make_uint2(a.x, a.y); }
__HGRD_HM float3 make_float3(float s) { return make_float3(s, s, s); }
__HGRD_HM float3 make_float3(float2 a) { return make_float3(a.x, a.y, 0.0f); }
__HGRD_HM float3 make_float3(float2 a, float s) {
  return make_float3(a.x, a.y, s);
}
__HGRD_HM float3 make_float3(float4 a) { return make_float3(a.x, a.y, a.z); }
__HGRD_HM float3 make_float3(int3 a) { return make_float3(a.x, a.y, a.z); }
__HGRD_HM float3 make_float3(uint3 a) { return make_float3(a.x, a.y, a.z); }
__HGRD_HM int3 make_int3(int s) { return make_int3(s, s, s); }
__HGRD_HM int3 make_int3(int2 a) { return make_int3(a.x, a.y, 0); }
__HGRD_HM int3 make_int3(int2 a, int s) { return make_int3(a.x, a.y, s); }
__HGRD_HM int3 make_int3(uint3 a) { return make_int3(a.x, a.y, a.z); }
__HGRD_HM int3 make_int3(float3 a) { return make_int3(a.x, a.y, a.z); }
__HGRD_HM uint3 make_uint3(unsigned int s) { return make_uint3(s, s, s); }
__HGRD_HM uint3 make_uint3(uint2 a) { return make_uint3(a.x, a.y, 0); }
__HGRD_HM uint3 make_uint3(uint2 a, unsigned int s) {
  return make_uint3(a.x, a.y, s);
}
__HGRD_HM uint3 make_uint3(uint4 a) { return make_uint3(a.x, a.y, a.z); }
__HGRD_HM uint3 make_uint3(int3 a) { return make_uint3(a.x, a.y, a.z); }
__HGRD_HM float4 make_float4(float s) { return make_float4(s, s, s, s); }
__HGRD_HM float4 make_float4(float3 a) {
  return make_float4(a.x, a.y, a.z, 0.0f);
}
__HGRD_HM float4 make_float4(float3 a, float w) {
  return make_float4(a.x, a.y, a.z, w);
}
__HGRD_HM float4 make_float4(int4 a) { return make_float4(a.x, a.y, a.z, a.w); }
__HGRD_HM float4 make_float4(uint4 a) {
  return make_float4(a.x, a.y, a.z, a.w);
}
__HGRD_HM int4 make_int4(int s) { return make_int4(s, s, s, s); }
__HGRD_HM int4 make_int4(int3 a) { return make_int4(a.x, a.y, a.z, 0); }
__HGRD_HM int4 make_int4(int3 a, int w) { return make_int4(a.x, a.y, a.z, w); }
__HGRD_HM int4 make_int4(uint4 a) { return make_int4(a.x, a.y, a.z, a.w); }
__HGRD_HM int4 make_int4(float4 a) { return make_int4(a.x, a.y, a.z, a.w); }
__HGRD_HM uint4 make_uint4(unsigned int s) { return make_uint4(s, s, s, s); }
__HGRD_HM uint4 make_uint4(uint3 a) { return make_uint4(a.x, a.y, a.z, 0); }
__HGRD_HM uint4 make_uint4(uint3 a, unsigned int w) {
  return make_uint4(a.x, a.y, a.z, w);
}
__HGRD_HM uint4 make_uint4(int4 a) { return make_uint4(a.x, a.y, a.z, a.w); }

/* ---- scalar and vector utilities ---- */
/* C++20's std::lerp(float, float, float) is also ::lerp (libstdc++'s
 * <math.h>), and constexpr, so usable on the device. */
#if !defined(__cpp_lib_interpolate)
__HGRD_HM float lerp(float a, float b, float t) { return a + t * (b - a); }
#endif
__HGRD_HM float2 lerp(float2 a, float2 b, float t) { return a + t * (b - a); }
__HGRD_HM float3 lerp(float3 a, float3 b, float t) { return a + t * (b - a); }
__HGRD_HM float4 lerp(float4 a, float4 b, float t) { return a + t * (b - a); }
__HGRD_HM float clamp(float f, float a, float b) {
  return fmaxf(a, fminf(f, b));
}
__HGRD_HM int clamp(int f, int a, int b) { return max(a, min(f, b)); }
__HGRD_HM unsigned int clamp(unsigned int f, unsigned int a, unsigned int b) {
  return max(a, min(f, b));
}
__HGRD_HM float2 clamp(float2 v, float a, float b) {
  return make_float2(clamp(v.x, a, b), clamp(v.y, a, b));
}
__HGRD_HM float3 clamp(float3 v, float a, float b) {
  return make_float3(clamp(v.x, a, b), clamp(v.y, a, b), clamp(v.z, a, b));
}
__HGRD_HM float4 clamp(float4 v, float a, float b) {
  return make_float4(clamp(v.x, a, b), clamp(v.y, a, b), clamp(v.z, a, b),
                     clamp(v.w, a, b));
}
__HGRD_HM int2 clamp(int2 v, int a, int b) {
  return make_int2(clamp(v.x, a, b), clamp(v.y, a, b));
}
__HGRD_HM int3 clamp(int3 v, int a, int b) {
  return make_int3(clamp(v.x, a, b), clamp(v.y, a, b), clamp(v.z, a, b));
}
__HGRD_HM float length(float2 v) { return sqrtf(dot(v, v)); }
__HGRD_HM float length(float3 v) { return sqrtf(dot(v, v)); }
__HGRD_HM float length(float4 v) { return sqrtf(dot(v, v)); }
__HGRD_HM float2 normalize(float2 v) { return v * (1.0f / sqrtf(dot(v, v))); }
__HGRD_HM float3 normalize(float3 v) { return v * (1.0f / sqrtf(dot(v, v))); }
__HGRD_HM float4 normalize(float4 v) { return v * (1.0f / sqrtf(dot(v, v))); }
__HGRD_HM float3 cross(float3 a, float3 b) {
  return make_float3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z,
                     a.x * b.y - a.y * b.x);
}
__HGRD_HM float3 reflect(float3 i, float3 n) {
  return i - 2.0f * n * dot(n, i);
}
__HGRD_HM float fracf(float v) { return v - floorf(v); }
__HGRD_HM float2 floorf(float2 v) {
  return make_float2(floorf(v.x), floorf(v.y));
}
__HGRD_HM float3 floorf(float3 v) {
  return make_float3(floorf(v.x), floorf(v.y), floorf(v.z));
}
__HGRD_HM float4 floorf(float4 v) {
  return make_float4(floorf(v.x), floorf(v.y), floorf(v.z), floorf(v.w));
}
__HGRD_HM float2 fracf(float2 v) { return make_float2(fracf(v.x), fracf(v.y)); }
__HGRD_HM float3 fracf(float3 v) {
  return make_float3(fracf(v.x), fracf(v.y), fracf(v.z));
}
__HGRD_HM float4 fracf(float4 v) {
  return make_float4(fracf(v.x), fracf(v.y), fracf(v.z), fracf(v.w));
}
__HGRD_HM float2 fmodf(float2 a, float2 b) {
  return make_float2(fmodf(a.x, b.x), fmodf(a.y, b.y));
}
__HGRD_HM float3 fmodf(float3 a, float3 b) {
  return make_float3(fmodf(a.x, b.x), fmodf(a.y, b.y), fmodf(a.z, b.z));
}
__HGRD_HM float4 fmodf(float4 a, float4 b) {
  return make_float4(fmodf(a.x, b.x), fmodf(a.y, b.y), fmodf(a.z, b.z),
                     fmodf(a.w, b.w));
}
__HGRD_HM float2 fabs(float2 v) { return make_float2(fabsf(v.x), fabsf(v.y)); }
__HGRD_HM float3 fabs(float3 v) {
  return make_float3(fabsf(v.x), fabsf(v.y), fabsf(v.z));
}
__HGRD_HM float4 fabs(float4 v) {
  return make_float4(fabsf(v.x), fabsf(v.y), fabsf(v.z), fabsf(v.w));
}
__HGRD_HM int2 abs(int2 v) { return make_int2(abs(v.x), abs(v.y)); }
__HGRD_HM int3 abs(int3 v) { return make_int3(abs(v.x), abs(v.y), abs(v.z)); }
__HGRD_HM float smoothstep(float a, float b, float x) {
  float y = clamp((x - a) / (b - a), 0.0f, 1.0f);
  return y * y * (3.0f - 2.0f * y);
}
__HGRD_HM float3 smoothstep(float3 a, float3 b, float3 x) {
  float3 y = make_float3(clamp((x.x - a.x) / (b.x - a.x), 0.0f, 1.0f),
                         clamp((x.y - a.y) / (b.y - a.y), 0.0f, 1.0f),
                         clamp((x.z - a.z) / (b.z - a.z), 0.0f, 1.0f));
  return y * y * (make_float3(3.0f) - 2.0f * y);
}

#pragma pop_macro("__HGRD_VEC4")
#pragma pop_macro("__HGRD_VEC3")
#pragma pop_macro("__HGRD_VEC2")
#pragma pop_macro("__HGRD_OPS4")
#pragma pop_macro("__HGRD_OPS3")
#pragma pop_macro("__HGRD_OPS2")
#pragma pop_macro("__HGRD_HM")

#endif /* HGRD_HELPER_MATH_H */
