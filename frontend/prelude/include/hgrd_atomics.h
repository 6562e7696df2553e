/*
 * hgrd_atomics.h - CUDA's atomic functions in device, block and system scope.
 *
 * Each function is a forced-inline wrapper around one clang NVPTX builtin,
 * so after inlining the caller holds exactly one atomic operation:
 *
 *   atomicOp(p, v)         device scope: `atomicrmw <op>` or `cmpxchg`
 *                          (seq_cst, no syncscope); atomicInc/atomicDec:
 *                          @llvm.nvvm.atomic.load.{inc,dec}.32.*
 *   atomicOp_block(p, v)   block scope:
 *                          @llvm.nvvm.atomic.<op>.gen.<i|f>.cta.*
 *   atomicOp_system(p, v)  system scope:
 *                          @llvm.nvvm.atomic.<op>.gen.<i|f>.sys.*
 *
 * There is no scoped subtraction: atomicSub_block/_system add the negated
 * value. atomicExch on float exchanges the bit pattern as an int. The 16-bit
 * atomicCAS has no scoped builtin, so its _block/_system forms are
 * device-scope cmpxchg. The scoped min/max intrinsics do not record
 * signedness (the same intrinsic serves int and unsigned).
 */
#ifndef HGRD_ATOMICS_H
#define HGRD_ATOMICS_H

#pragma push_macro("__HGRD_ATOMIC")
#pragma push_macro("__HGRD_ATOMIC_CAS")
#pragma push_macro("__HGRD_AF")
#define __HGRD_AF static __device__ __inline__ __attribute__((always_inline))

/* name(T *p, T v) in the three scopes, through builtin stem `op` with
 * suffix `sfx` operating on the builtin's type BT. */
#define __HGRD_ATOMIC(name, op, sfx, T, BT)                                    \
  __HGRD_AF T name(T *__p, T __v) {                                            \
    return (T)__nvvm_atom_##op##_gen_##sfx((BT *)__p, (BT)__v);                \
  }                                                                            \
  __HGRD_AF T name##_block(T *__p, T __v) {                                    \
    return (T)__nvvm_atom_cta_##op##_gen_##sfx((BT *)__p, (BT)__v);            \
  }                                                                            \
  __HGRD_AF T name##_system(T *__p, T __v) {                                   \
    return (T)__nvvm_atom_sys_##op##_gen_##sfx((BT *)__p, (BT)__v);            \
  }

#define __HGRD_ATOMIC_CAS(T, BT, sfx)                                          \
  __HGRD_AF T atomicCAS(T *__p, T __cmp, T __v) {                              \
    return (T)__nvvm_atom_cas_gen_##sfx((BT *)__p, (BT)__cmp, (BT)__v);        \
  }                                                                            \
  __HGRD_AF T atomicCAS_block(T *__p, T __cmp, T __v) {                        \
    return (T)__nvvm_atom_cta_cas_gen_##sfx((BT *)__p, (BT)__cmp, (BT)__v);    \
  }                                                                            \
  __HGRD_AF T atomicCAS_system(T *__p, T __cmp, T __v) {                       \
    return (T)__nvvm_atom_sys_cas_gen_##sfx((BT *)__p, (BT)__cmp, (BT)__v);    \
  }

/* ---- arithmetic ---- */
__HGRD_ATOMIC(atomicAdd, add, i, int, int)
__HGRD_ATOMIC(atomicAdd, add, i, unsigned int, int)
__HGRD_ATOMIC(atomicAdd, add, ll, unsigned long long int, long long)
__HGRD_ATOMIC(atomicAdd, add, f, float, float)
__HGRD_ATOMIC(atomicAdd, add, d, double, double)

__HGRD_AF int atomicSub(int *__p, int __v) {
  return __nvvm_atom_sub_gen_i(__p, __v);
}
__HGRD_AF unsigned int atomicSub(unsigned int *__p, unsigned int __v) {
  return (unsigned int)__nvvm_atom_sub_gen_i((int *)__p, (int)__v);
}
__HGRD_AF int atomicSub_block(int *__p, int __v) {
  return __nvvm_atom_cta_add_gen_i(__p, -__v);
}
__HGRD_AF unsigned int atomicSub_block(unsigned int *__p, unsigned int __v) {
  return (unsigned int)__nvvm_atom_cta_add_gen_i((int *)__p, -(int)__v);
}
__HGRD_AF int atomicSub_system(int *__p, int __v) {
  return __nvvm_atom_sys_add_gen_i(__p, -__v);
}
__HGRD_AF unsigned int atomicSub_system(unsigned int *__p, unsigned int __v) {
  return (unsigned int)__nvvm_atom_sys_add_gen_i((int *)__p, -(int)__v);
}

/* ---- exchange ---- */
__HGRD_ATOMIC(atomicExch, xchg, i, int, int)
__HGRD_ATOMIC(atomicExch, xchg, i, unsigned int, int)
__HGRD_ATOMIC(atomicExch, xchg, ll, unsigned long long int, long long)
__HGRD_AF float atomicExch(float *__p, float __v) {
  return __builtin_bit_cast(
      float, __nvvm_atom_xchg_gen_i((int *)__p, __builtin_bit_cast(int, __v)));
}
__HGRD_AF float atomicExch_block(float *__p, float __v) {
  return __builtin_bit_cast(
      float,
      __nvvm_atom_cta_xchg_gen_i((int *)__p, __builtin_bit_cast(int, __v)));
}
__HGRD_AF float atomicExch_system(float *__p, float __v) {
  return __builtin_bit_cast(
      float,
      __nvvm_atom_sys_xchg_gen_i((int *)__p, __builtin_bit_cast(int, __v)));
}

/* ---- minimum and maximum ---- */
__HGRD_ATOMIC(atomicMin, min, i, int, int)
__HGRD_ATOMIC(atomicMin, min, ui, unsigned int, unsigned int)
__HGRD_ATOMIC(atomicMin, min, ll, long long int, long long)
__HGRD_ATOMIC(atomicMin, min, ull, unsigned long long int, unsigned long long)
__HGRD_ATOMIC(atomicMax, max, i, int, int)
__HGRD_ATOMIC(atomicMax, max, ui, unsigned int, unsigned int)
__HGRD_ATOMIC(atomicMax, max, ll, long long int, long long)
__HGRD_ATOMIC(atomicMax, max, ull, unsigned long long int, unsigned long long)

/* ---- wrapping increment and decrement ---- */
__HGRD_ATOMIC(atomicInc, inc, ui, unsigned int, unsigned int)
__HGRD_ATOMIC(atomicDec, dec, ui, unsigned int, unsigned int)

/* ---- bitwise ---- */
__HGRD_ATOMIC(atomicAnd, and, i, int, int)
__HGRD_ATOMIC(atomicAnd, and, i, unsigned int, int)
__HGRD_ATOMIC(atomicAnd, and, ll, unsigned long long int, long long)
__HGRD_ATOMIC(atomicOr, or, i, int, int)
__HGRD_ATOMIC(atomicOr, or, i, unsigned int, int)
__HGRD_ATOMIC(atomicOr, or, ll, unsigned long long int, long long)
__HGRD_ATOMIC(atomicXor, xor, i, int, int)
__HGRD_ATOMIC(atomicXor, xor, i, unsigned int, int)
__HGRD_ATOMIC(atomicXor, xor, ll, unsigned long long int, long long)

/* ---- compare and swap ---- */
__HGRD_ATOMIC_CAS(int, int, i)
__HGRD_ATOMIC_CAS(unsigned int, int, i)
__HGRD_ATOMIC_CAS(unsigned long long int, long long, ll)

/* 16-bit compare-and-swap (sm_70): a `cmpxchg i16`, device scope only. */
__HGRD_AF unsigned short int atomicCAS(unsigned short int *__p,
                                       unsigned short int __cmp,
                                       unsigned short int __v) {
  return __sync_val_compare_and_swap(__p, __cmp, __v);
}
__HGRD_AF unsigned short int atomicCAS_block(unsigned short int *__p,
                                             unsigned short int __cmp,
                                             unsigned short int __v) {
  return __sync_val_compare_and_swap(__p, __cmp, __v);
}
__HGRD_AF unsigned short int atomicCAS_system(unsigned short int *__p,
                                              unsigned short int __cmp,
                                              unsigned short int __v) {
  return __sync_val_compare_and_swap(__p, __cmp, __v);
}

#pragma pop_macro("__HGRD_AF")
#pragma pop_macro("__HGRD_ATOMIC_CAS")
#pragma pop_macro("__HGRD_ATOMIC")

#endif /* HGRD_ATOMICS_H */
