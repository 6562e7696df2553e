/*
 * hgrd_annotations.h - GPUVerify's kernel annotations.
 *
 * GPUVerify's test suites annotate kernels with preconditions, loop
 * invariants and assertions. hgrd keeps two of them, as calls to external
 * functions that are never defined and so stay visible in the device IR:
 *
 *   __requires(e)  -> call void @__hgrd_requires(i1 zeroext %e)
 *   __assume(e)    -> call void @__hgrd_assume(i1 zeroext %e)
 *
 * Everything else compiles but means nothing here. The statement-like
 * annotations expand to ((void)0) without evaluating their argument, which
 * also works where GPUVerify writes them inside an expression:
 *
 *   for (int i = 0; __invariant(i >= 0), i < n; i++)
 *
 * The predicates that only appear inside those annotations (__read(p),
 * __write_offset_bytes(p), __uniform_int(x), ...) are real functions with
 * neutral results, so they type-check wherever they are written. They are
 * functions rather than macros because libstdc++ has its own std::__write.
 *
 * This header stands alone: hgrd also includes it when compiling against a
 * real CUDA SDK instead of the prelude. It uses no macro of the prelude.
 */
#ifndef HGRD_ANNOTATIONS_H
#define HGRD_ANNOTATIONS_H

/* <assert.h> declares a C library function named __assert; it is read
 * before the __assert annotation below becomes a macro. */
#include <assert.h>

extern "C" {
__attribute__((device)) void __hgrd_requires(bool __cond);
__attribute__((device)) void __hgrd_assume(bool __cond);
}

/* ---- kept: become calls ---- */
#define __requires(e) __hgrd_requires(e)
#define __assume(e) __hgrd_assume(e)

/* ---- contracts, assertions and invariants: no-ops ---- */
#define __ensures(e) ((void)0)
#define __global_requires(e) ((void)0)
#define __global_ensures(e) ((void)0)
#define __reads_from(...) ((void)0)
#define __writes_to(...) ((void)0)
#define __assert(e) ((void)0)
#define __global_assert(e) ((void)0)
#define __candidate_assert(e) ((void)0)
#define __candidate_global_assert(e) ((void)0)
#define __invariant(e) ((void)0)
#define __global_invariant(e) ((void)0)
#define __candidate_invariant(e) ((void)0)
#define __candidate_global_invariant(e) ((void)0)
#define __function_wide_invariant(e) ((void)0)
#define __function_wide_candidate_invariant(e) ((void)0)
#define __barrier_invariant(...) ((void)0)
#define __barrier_invariant_binary(...) ((void)0)
#define __non_temporal_loads_begin() ((void)0)
#define __non_temporal_loads_end() ((void)0)
#define __array_snapshot(dst, src) ((void)0)
/* An axiom holds for every thread of every kernel. It may stand at file
 * scope or in a function body: it becomes a class whose device member
 * function assumes it, which the front end calls at the entry of each
 * kernel (cuda.AxiomPrefix is in its name). */
#define __hgrd_axiom_name2(n) __hgrd_axiom_##n
#define __hgrd_axiom_name(n) __hgrd_axiom_name2(n)
#define __axiom(e)                                                           \
  struct __hgrd_axiom_name(__COUNTER__) {                                    \
    __attribute__((device, used)) static void holds() { __hgrd_assume(e); } \
  }

/* ---- expressions used inside annotations ---- */
#define __implies(a, b) (!(a) || (b))
#define __same_group (true)
#define __read_implies(p, e) (true)
#define __write_implies(p, e) (true)

#pragma push_macro("__HGRD_AN")
#define __HGRD_AN                                                              \
  static __attribute__((host, device)) __inline__ __attribute__((always_inline))

__HGRD_AN bool __enabled(void) { return true; }
template <class T> __HGRD_AN T __other_int(T __x) { return __x; }
template <class T> __HGRD_AN T __other_bool(T __x) { return __x; }
template <class T> __HGRD_AN T __other_ptr(T __x) { return __x; }
template <class T> __HGRD_AN T __old_int(T __x) { return __x; }
template <class T> __HGRD_AN T __old_bool(T __x) { return __x; }
__HGRD_AN int __return_val_int(void) { return 0; }
__HGRD_AN bool __return_val_bool(void) { return false; }
template <class T> __HGRD_AN bool __uniform_int(T) { return true; }
template <class T> __HGRD_AN bool __uniform_bool(T) { return true; }
template <class T> __HGRD_AN bool __distinct_int(T) { return true; }
template <class T> __HGRD_AN bool __at_most_one(T) { return true; }
/* Arithmetic helpers GPUVerify offers for preconditions. */
template <class T> __HGRD_AN bool __is_pow2(T __x) {
  return __x != 0 && (__x & (__x - 1)) == 0;
}
template <class T, class U> __HGRD_AN T __mod_pow2(T __x, U __y) {
  return __x & (T)(__y - 1);
}
/* "x holds for every thread": for one thread, x. (CUDA's pre-Volta warp
 * vote __all(int) remains for int arguments.) */
__HGRD_AN bool __all(bool __x) { return __x; }

__HGRD_AN bool __read(const volatile void *) { return false; }
__HGRD_AN bool __write(const volatile void *) { return false; }
__HGRD_AN bool __atomic(const volatile void *) { return false; }
__HGRD_AN bool __no_read(const volatile void *) { return true; }
__HGRD_AN bool __no_write(const volatile void *) { return true; }
__HGRD_AN unsigned long __read_offset_bytes(const volatile void *) { return 0; }
__HGRD_AN unsigned long __write_offset_bytes(const volatile void *) {
  return 0;
}
__HGRD_AN unsigned long __atomic_offset_bytes(const volatile void *) {
  return 0;
}
template <class T> __HGRD_AN T *__ptr_base(T *__p) { return __p; }
__HGRD_AN unsigned long __ptr_offset_bytes(const volatile void *) { return 0; }

#pragma pop_macro("__HGRD_AN")

#endif /* HGRD_ANNOTATIONS_H */
