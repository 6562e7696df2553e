/*
 * hgrd_intrinsics.h - memory intrinsics and other device builtins.
 *
 *   __ldg(p)                   -> @llvm.nvvm.ldg.global.{i,f}.<type> (p, align)
 *                                 scalars and vector types; any other T is a
 *                                 plain load
 *   __ldcg/__ldca/__ldcs/__ldlu/__ldcv, __stcg/__stcs/__stwb/__stwt
 *                              -> plain loads and stores (cache hints only)
 *   __isGlobal/__isShared/...  -> @llvm.nvvm.isspacep.*
 *   __nanosleep(ns)            -> nothing (LLVM 14 has no intrinsic for it)
 *   __funnelshift_*, __dp4a    -> plain integer arithmetic
 *
 * Provided by clang's headers through hgrd_math.h, and so not repeated here:
 * __threadfence_block/__threadfence/__threadfence_system
 * (@llvm.nvvm.membar.cta/gl/sys), __syncthreads_count/_and/_or
 * (@llvm.nvvm.barrier0.popc/and/or), clock()/clock64()
 * (@llvm.nvvm.read.ptx.sreg.clock/clock64), __trap, __brkpt, and the legacy
 * votes __all/__any/__ballot (@llvm.nvvm.vote.*). __syncthreads() itself is
 * a clang builtin (@llvm.nvvm.barrier0).
 */
#ifndef HGRD_INTRINSICS_H
#define HGRD_INTRINSICS_H

#pragma push_macro("__HGRD_IF")
#pragma push_macro("__HGRD_LDG")
#pragma push_macro("__HGRD_LDG_V2")
#pragma push_macro("__HGRD_LDG_V4")
#define __HGRD_IF static __device__ __inline__ __attribute__((always_inline))

/* ---- __ldg: loads through the read-only data cache ---- */

/* Any other type: an ordinary load. Overloads below are preferred. */
template <class T> __HGRD_IF T __ldg(const T *__p) { return *__p; }

#define __HGRD_LDG(T, sfx)                                                     \
  __HGRD_IF T __ldg(const T *__p) { return __nvvm_ldg_##sfx(__p); }
__HGRD_LDG(char, c)
__HGRD_LDG(short, s)
__HGRD_LDG(int, i)
__HGRD_LDG(long, l)
__HGRD_LDG(long long, ll)
__HGRD_LDG(unsigned char, uc)
__HGRD_LDG(unsigned short, us)
__HGRD_LDG(unsigned int, ui)
__HGRD_LDG(unsigned long, ul)
__HGRD_LDG(unsigned long long, ull)
__HGRD_LDG(float, f)
__HGRD_LDG(double, d)
__HGRD_IF signed char __ldg(const signed char *__p) {
  return (signed char)__nvvm_ldg_c((const char *)__p);
}

/* Vector types go through the builtins on clang's ext_vector_type. */
#define __HGRD_LDG_V2(V, E, sfx)                                               \
  __HGRD_IF V __ldg(const V *__p) {                                            \
    typedef E __v __attribute__((ext_vector_type(2)));                         \
    __v __r = __nvvm_ldg_##sfx((const __v *)__p);                              \
    V __o;                                                                     \
    __o.x = __r[0];                                                            \
    __o.y = __r[1];                                                            \
    return __o;                                                                \
  }
#define __HGRD_LDG_V4(V, E, sfx)                                               \
  __HGRD_IF V __ldg(const V *__p) {                                            \
    typedef E __v __attribute__((ext_vector_type(4)));                         \
    __v __r = __nvvm_ldg_##sfx((const __v *)__p);                              \
    V __o;                                                                     \
    __o.x = __r[0];                                                            \
    __o.y = __r[1];                                                            \
    __o.z = __r[2];                                                            \
    __o.w = __r[3];                                                            \
    return __o;                                                                \
  }
__HGRD_LDG_V2(char2, char, c2)
__HGRD_LDG_V4(char4, char, c4)
__HGRD_LDG_V2(short2, short, s2)
__HGRD_LDG_V4(short4, short, s4)
__HGRD_LDG_V2(int2, int, i2)
__HGRD_LDG_V4(int4, int, i4)
__HGRD_LDG_V2(longlong2, long long, ll2)
__HGRD_LDG_V2(uchar2, unsigned char, uc2)
__HGRD_LDG_V4(uchar4, unsigned char, uc4)
__HGRD_LDG_V2(ushort2, unsigned short, us2)
__HGRD_LDG_V4(ushort4, unsigned short, us4)
__HGRD_LDG_V2(uint2, unsigned int, ui2)
__HGRD_LDG_V4(uint4, unsigned int, ui4)
__HGRD_LDG_V2(ulonglong2, unsigned long long, ull2)
__HGRD_LDG_V2(float2, float, f2)
__HGRD_LDG_V4(float4, float, f4)
__HGRD_LDG_V2(double2, double, d2)

/* ---- loads and stores with cache hints: ordinary memory accesses ---- */
template <class T> __HGRD_IF T __ldcg(const T *__p) { return *__p; }
template <class T> __HGRD_IF T __ldca(const T *__p) { return *__p; }
template <class T> __HGRD_IF T __ldcs(const T *__p) { return *__p; }
template <class T> __HGRD_IF T __ldlu(const T *__p) { return *__p; }
template <class T> __HGRD_IF T __ldcv(const T *__p) { return *__p; }
template <class T> __HGRD_IF void __stcg(T *__p, T __v) { *__p = __v; }
template <class T> __HGRD_IF void __stcs(T *__p, T __v) { *__p = __v; }
template <class T> __HGRD_IF void __stwb(T *__p, T __v) { *__p = __v; }
template <class T> __HGRD_IF void __stwt(T *__p, T __v) { *__p = __v; }

/* ---- address-space predicates and conversions ---- */
__HGRD_IF unsigned int __isGlobal(const void *__p) {
  return __nvvm_isspacep_global(__p);
}
__HGRD_IF unsigned int __isShared(const void *__p) {
  return __nvvm_isspacep_shared(__p);
}
__HGRD_IF unsigned int __isConstant(const void *__p) {
  return __nvvm_isspacep_const(__p);
}
__HGRD_IF unsigned int __isLocal(const void *__p) {
  return __nvvm_isspacep_local(__p);
}
__HGRD_IF size_t __cvta_generic_to_shared(const void *__p) {
  return (size_t)(const void __attribute__((address_space(3))) *)__p;
}
__HGRD_IF size_t __cvta_generic_to_global(const void *__p) {
  return (size_t)(const void __attribute__((address_space(1))) *)__p;
}

/* ---- timing ---- */
/* A pause has no effect on what threads can observe: nothing is emitted. */
__HGRD_IF void __nanosleep(unsigned int __ns) { (void)__ns; }

/* ---- integer intrinsics without a libdevice function ---- */
__HGRD_IF unsigned int __funnelshift_l(unsigned int __lo, unsigned int __hi,
                                       unsigned int __s) {
  unsigned long long __w = ((unsigned long long)__hi << 32) | __lo;
  return (unsigned int)((__w << (__s & 31)) >> 32);
}
__HGRD_IF unsigned int __funnelshift_lc(unsigned int __lo, unsigned int __hi,
                                        unsigned int __s) {
  unsigned long long __w = ((unsigned long long)__hi << 32) | __lo;
  return (unsigned int)((__w << (__s < 32 ? __s : 32)) >> 32);
}
__HGRD_IF unsigned int __funnelshift_r(unsigned int __lo, unsigned int __hi,
                                       unsigned int __s) {
  unsigned long long __w = ((unsigned long long)__hi << 32) | __lo;
  return (unsigned int)(__w >> (__s & 31));
}
__HGRD_IF unsigned int __funnelshift_rc(unsigned int __lo, unsigned int __hi,
                                        unsigned int __s) {
  unsigned long long __w = ((unsigned long long)__hi << 32) | __lo;
  return (unsigned int)(__w >> (__s < 32 ? __s : 32));
}
/* Four-way byte dot product with accumulate (sm_61), written out so that
 * it adds no loop to its caller. */
#define __HGRD_B(x, i, T) ((int)(T)((x) >> (8 * (i))))
__HGRD_IF int __dp4a(int __a, int __b, int __c) {
  return __c + __HGRD_B(__a, 0, signed char) * __HGRD_B(__b, 0, signed char) +
         __HGRD_B(__a, 1, signed char) * __HGRD_B(__b, 1, signed char) +
         __HGRD_B(__a, 2, signed char) * __HGRD_B(__b, 2, signed char) +
         __HGRD_B(__a, 3, signed char) * __HGRD_B(__b, 3, signed char);
}
__HGRD_IF unsigned int __dp4a(unsigned int __a, unsigned int __b,
                              unsigned int __c) {
  return __c + (unsigned int)(__HGRD_B(__a, 0, unsigned char) *
                                  __HGRD_B(__b, 0, unsigned char) +
                              __HGRD_B(__a, 1, unsigned char) *
                                  __HGRD_B(__b, 1, unsigned char) +
                              __HGRD_B(__a, 2, unsigned char) *
                                  __HGRD_B(__b, 2, unsigned char) +
                              __HGRD_B(__a, 3, unsigned char) *
                                  __HGRD_B(__b, 3, unsigned char));
}
#undef __HGRD_B

#pragma pop_macro("__HGRD_LDG_V4")
#pragma pop_macro("__HGRD_LDG_V2")
#pragma pop_macro("__HGRD_LDG")
#pragma pop_macro("__HGRD_IF")

#endif /* HGRD_INTRINSICS_H */
