/*
 * hgrd_vector_types.h - CUDA's built-in vector types, uint3 and dim3.
 *
 * Each base type T (char, uchar, short, ushort, int, uint, long, ulong,
 * longlong, ulonglong, float, double) has T1..T4 with members x, y, z, w and
 * make_T1..make_T4. Sizes and alignments follow CUDA's (int2 is 8-aligned,
 * float4 16-aligned, 3-element types are not over-aligned), so byte offsets
 * computed by the analysis match the real layout.
 */
#ifndef HGRD_VECTOR_TYPES_H
#define HGRD_VECTOR_TYPES_H

#pragma push_macro("__HGRD_VEC_TYPES")
#pragma push_macro("__HGRD_VF")
/* Forced inline, so that device code keeps no calls to these helpers. */
#define __HGRD_VF                                                              \
  static __inline__ __attribute__((always_inline)) __host__ __device__

/* __HGRD_VEC_TYPES(name, T, a2, a4): name1..name4 with element type T; the
 * 2- and 4-element types aligned to a2 and a4. */
#define __HGRD_VEC_TYPES(name, T, a2, a4)                                      \
  struct name##1 {                                                             \
    T x;                                                                       \
  };                                                                           \
  struct __attribute__((aligned(a2))) name##2 {                                \
    T x, y;                                                                    \
  };                                                                           \
  struct name##3 {                                                             \
    T x, y, z;                                                                 \
  };                                                                           \
  struct __attribute__((aligned(a4))) name##4 {                                \
    T x, y, z, w;                                                              \
  };                                                                           \
  __HGRD_VF name##1 make_##name##1(T x) {                                      \
    name##1 r = {x};                                                           \
    return r;                                                                  \
  }                                                                            \
  __HGRD_VF name##2 make_##name##2(T x, T y) {                                 \
    name##2 r = {x, y};                                                        \
    return r;                                                                  \
  }                                                                            \
  __HGRD_VF name##3 make_##name##3(T x, T y, T z) {                            \
    name##3 r = {x, y, z};                                                     \
    return r;                                                                  \
  }                                                                            \
  __HGRD_VF name##4 make_##name##4(T x, T y, T z, T w) {                       \
    name##4 r = {x, y, z, w};                                                  \
    return r;                                                                  \
  }

__HGRD_VEC_TYPES(char, signed char, 2, 4)
__HGRD_VEC_TYPES(uchar, unsigned char, 2, 4)
__HGRD_VEC_TYPES(short, short, 4, 8)
__HGRD_VEC_TYPES(ushort, unsigned short, 4, 8)
__HGRD_VEC_TYPES(int, int, 8, 16)
__HGRD_VEC_TYPES(uint, unsigned int, 8, 16)
__HGRD_VEC_TYPES(long, long int, 2 * sizeof(long int), 16)
__HGRD_VEC_TYPES(ulong, unsigned long int, 2 * sizeof(unsigned long int), 16)
__HGRD_VEC_TYPES(longlong, long long int, 16, 16)
__HGRD_VEC_TYPES(ulonglong, unsigned long long int, 16, 16)
__HGRD_VEC_TYPES(float, float, 8, 16)
__HGRD_VEC_TYPES(double, double, 16, 16)

#pragma pop_macro("__HGRD_VEC_TYPES")

/* ---- dim3: grid and block extents ---- */

template <class T> struct __hgrd_only_uint3 {};
template <> struct __hgrd_only_uint3<uint3> { typedef void type; };

/* Unspecified extents default to 1; dim3 converts from and to uint3. The
 * uint3 constructor is a template that accepts nothing but a uint3: the
 * built-in variables convert to both dim3 and uint3, and a plain
 * dim3(uint3) would make `dim3 g(gridDim)` ambiguous. */
struct dim3 {
  unsigned int x, y, z;
  __attribute__((always_inline))
  __host__ __device__ constexpr dim3(unsigned int __x = 1, unsigned int __y = 1,
                                     unsigned int __z = 1)
      : x(__x), y(__y), z(__z) {}
  template <class U, class = typename __hgrd_only_uint3<U>::type>
  __attribute__((always_inline)) __host__ __device__ constexpr dim3(U __v)
      : x(__v.x), y(__v.y), z(__v.z) {}
  __attribute__((always_inline)) __host__ __device__ constexpr
  operator uint3() const {
    return uint3{x, y, z};
  }
};

/* The built-in variables of __clang_cuda_builtin_vars.h convert to dim3 and
 * uint3; their conversion operators are defined here, once both types are
 * complete. */
__device__ __inline__ __attribute__((always_inline))
__cuda_builtin_threadIdx_t::operator dim3() const {
  return dim3(x, y, z);
}
__device__ __inline__ __attribute__((always_inline))
__cuda_builtin_threadIdx_t::operator uint3() const {
  return uint3{x, y, z};
}
__device__ __inline__ __attribute__((always_inline))
__cuda_builtin_blockIdx_t::operator dim3() const {
  return dim3(x, y, z);
}
__device__ __inline__ __attribute__((always_inline))
__cuda_builtin_blockIdx_t::operator uint3() const {
  return uint3{x, y, z};
}
__device__ __inline__ __attribute__((always_inline))
__cuda_builtin_blockDim_t::operator dim3() const {
  return dim3(x, y, z);
}
__device__ __inline__ __attribute__((always_inline))
__cuda_builtin_blockDim_t::operator uint3() const {
  return uint3{x, y, z};
}
__device__ __inline__ __attribute__((always_inline))
__cuda_builtin_gridDim_t::operator dim3() const {
  return dim3(x, y, z);
}
__device__ __inline__ __attribute__((always_inline))
__cuda_builtin_gridDim_t::operator uint3() const {
  return uint3{x, y, z};
}

#pragma pop_macro("__HGRD_VF")

#endif /* HGRD_VECTOR_TYPES_H */
