/*
 * cuComplex.h - hgrd prelude: single and double precision complex numbers
 * as float2 and double2, with their arithmetic.
 *
 * hgrd's own implementation; every function is forced-inline
 * __host__ __device__. With a real CUDA SDK its own header is read instead.
 */
#if defined(__CLANG_CUDA_RUNTIME_WRAPPER_H__)
#include_next <cuComplex.h>
#elif !defined(HGRD_CUCOMPLEX_H)
#define HGRD_CUCOMPLEX_H

#include "hgrd_prelude.h"

#pragma push_macro("__HGRD_CX")
#define __HGRD_CX                                                              \
  static __inline__ __attribute__((always_inline)) __host__ __device__

typedef float2 cuFloatComplex;
typedef double2 cuDoubleComplex;
typedef cuFloatComplex cuComplex;

/* __HGRD_CX_OPS(C, T, S): the functions of complex type C with parts of
 * type T, named with suffix S ("f" for float, "" for double). */
#define __HGRD_CX_OPS(C, T, S, SQRT)                                           \
  __HGRD_CX T cuCreal##S(C x) { return x.x; }                                  \
  __HGRD_CX T cuCimag##S(C x) { return x.y; }                                  \
  __HGRD_CX C cuConj##S(C x) {                                                 \
    C r = {x.x, -x.y};                                                         \
    return r;                                                                  \
  }                                                                            \
  __HGRD_CX C cuCadd##S(C x, C y) {                                            \
    C r = {x.x + y.x, x.y + y.y};                                              \
    return r;                                                                  \
  }                                                                            \
  __HGRD_CX C cuCsub##S(C x, C y) {                                            \
    C r = {x.x - y.x, x.y - y.y};                                              \
    return r;                                                                  \
  }                                                                            \
  __HGRD_CX C cuCmul##S(C x, C y) {                                            \
    C r = {x.x * y.x - x.y * y.y, x.x * y.y + x.y * y.x};                      \
    return r;                                                                  \
  }                                                                            \
  __HGRD_CX C cuCdiv##S(C x, C y) {                                            \
    T d = y.x * y.x + y.y * y.y;                                               \
    C r = {(x.x * y.x + x.y * y.y) / d, (x.y * y.x - x.x * y.y) / d};          \
    return r;                                                                  \
  }                                                                            \
  __HGRD_CX T cuCabs##S(C x) { return SQRT(x.x * x.x + x.y * x.y); }           \
  __HGRD_CX C cuCfma##S(C x, C y, C d) {                                       \
    C r = {x.x * y.x - x.y * y.y + d.x, x.x * y.y + x.y * y.x + d.y};          \
    return r;                                                                  \
  }
__HGRD_CX_OPS(cuFloatComplex, float, f, sqrtf)
__HGRD_CX_OPS(cuDoubleComplex, double, , sqrt)
#undef __HGRD_CX_OPS

__HGRD_CX cuFloatComplex make_cuFloatComplex(float r, float i) {
  cuFloatComplex c = {r, i};
  return c;
}
__HGRD_CX cuDoubleComplex make_cuDoubleComplex(double r, double i) {
  cuDoubleComplex c = {r, i};
  return c;
}
__HGRD_CX cuComplex make_cuComplex(float r, float i) {
  return make_cuFloatComplex(r, i);
}
__HGRD_CX cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex c) {
  return make_cuDoubleComplex(c.x, c.y);
}
__HGRD_CX cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex c) {
  return make_cuFloatComplex((float)c.x, (float)c.y);
}

#pragma pop_macro("__HGRD_CX")

#endif /* HGRD_CUCOMPLEX_H */
