/*
 * hgrd_warp.h - warp-level primitives: __syncwarp, shuffles, votes, matches.
 *
 * clang-14 guards the builtins of the *_sync intrinsics behind the PTX 6.0
 * target feature, which it enables only when it finds a CUDA installation
 * (never, here). The intrinsics themselves are plain LLVM intrinsics, so the
 * prelude declares them directly under their LLVM names with asm labels:
 * a call to __hgrd_nvvm_bar_warp_sync is emitted as
 * `call void @llvm.nvvm.bar.warp.sync(i32 %mask)`, exactly what the builtin
 * would produce. This is not inline assembly.
 *
 *   __syncwarp(mask)                 -> @llvm.nvvm.bar.warp.sync
 *   __shfl{,_up,_down,_xor}_sync     -> @llvm.nvvm.shfl.sync.
 *                                         {idx,up,down,bfly}.{i32,f32}
 *                                       (64-bit values: two i32 shuffles)
 *   __all_sync/__any_sync/__uni_sync -> @llvm.nvvm.vote.{all,any,uni}.sync
 *   __ballot_sync                    -> @llvm.nvvm.vote.ballot.sync
 *   __match_any_sync                 -> @llvm.nvvm.match.any.sync.{i32,i64}
 *   __match_all_sync                 -> match.any.sync compared with the mask
 *   __activemask()                   -> @llvm.nvvm.vote.ballot(i1 true)
 *   __shfl, __shfl_up, ... (pre-CUDA 9, no mask) -> the _sync forms with
 *                                       the full mask 0xffffffff
 */
#ifndef HGRD_WARP_H
#define HGRD_WARP_H

extern "C" {
__device__ void __hgrd_nvvm_bar_warp_sync(unsigned int __mask) __asm__(
    "llvm.nvvm.bar.warp.sync");

__device__ int __hgrd_nvvm_shfl_sync_idx_i32(unsigned int, int, int, int)
    __asm__("llvm.nvvm.shfl.sync.idx.i32");
__device__ float __hgrd_nvvm_shfl_sync_idx_f32(unsigned int, float, int, int)
    __asm__("llvm.nvvm.shfl.sync.idx.f32");
__device__ int __hgrd_nvvm_shfl_sync_up_i32(unsigned int, int, int, int)
    __asm__("llvm.nvvm.shfl.sync.up.i32");
__device__ float __hgrd_nvvm_shfl_sync_up_f32(unsigned int, float, int, int)
    __asm__("llvm.nvvm.shfl.sync.up.f32");
__device__ int __hgrd_nvvm_shfl_sync_down_i32(unsigned int, int, int, int)
    __asm__("llvm.nvvm.shfl.sync.down.i32");
__device__ float __hgrd_nvvm_shfl_sync_down_f32(unsigned int, float, int, int)
    __asm__("llvm.nvvm.shfl.sync.down.f32");
__device__ int __hgrd_nvvm_shfl_sync_bfly_i32(unsigned int, int, int, int)
    __asm__("llvm.nvvm.shfl.sync.bfly.i32");
__device__ float __hgrd_nvvm_shfl_sync_bfly_f32(unsigned int, float, int, int)
    __asm__("llvm.nvvm.shfl.sync.bfly.f32");

__device__ bool __hgrd_nvvm_vote_all_sync(unsigned int, bool) __asm__(
    "llvm.nvvm.vote.all.sync");
__device__ bool __hgrd_nvvm_vote_any_sync(unsigned int, bool) __asm__(
    "llvm.nvvm.vote.any.sync");
__device__ bool __hgrd_nvvm_vote_uni_sync(unsigned int, bool) __asm__(
    "llvm.nvvm.vote.uni.sync");
__device__ unsigned int __hgrd_nvvm_vote_ballot_sync(unsigned int, bool)
    __asm__("llvm.nvvm.vote.ballot.sync");

__device__ unsigned int __hgrd_nvvm_match_any_sync_i32(unsigned int,
                                                       unsigned int)
    __asm__("llvm.nvvm.match.any.sync.i32");
__device__ unsigned long long
__hgrd_nvvm_match_any_sync_i64(unsigned int, unsigned long long) __asm__(
    "llvm.nvvm.match.any.sync.i64");
}

#pragma push_macro("__HGRD_WF")
#pragma push_macro("__HGRD_SHFL")
#define __HGRD_WF static __device__ __inline__ __attribute__((always_inline))

/* ---- __syncwarp ---- */
__HGRD_WF void __syncwarp(unsigned int __mask = 0xffffffffu) {
  __hgrd_nvvm_bar_warp_sync(__mask);
}

/* ---- shuffles ----
 * The last operand packs the segment width and the lane clamp as PTX's
 * shfl.sync expects: ((32 - width) << 8) | clamp, with clamp 0 for up and
 * 31 otherwise. */
#define __HGRD_SHFL(name, kind, clamp, OffT)                                   \
  __HGRD_WF int name(unsigned int __m, int __v, OffT __o, int __w = 32) {      \
    return __hgrd_nvvm_shfl_sync_##kind##_i32(__m, __v, (int)__o,              \
                                              ((32 - __w) << 8) | (clamp));    \
  }                                                                            \
  __HGRD_WF float name(unsigned int __m, float __v, OffT __o, int __w = 32) {  \
    return __hgrd_nvvm_shfl_sync_##kind##_f32(__m, __v, (int)__o,              \
                                              ((32 - __w) << 8) | (clamp));    \
  }                                                                            \
  __HGRD_WF unsigned int name(unsigned int __m, unsigned int __v, OffT __o,    \
                              int __w = 32) {                                  \
    return (unsigned int)name(__m, (int)__v, __o, __w);                        \
  }                                                                            \
  __HGRD_WF long long name(unsigned int __m, long long __v, OffT __o,          \
                           int __w = 32) {                                     \
    int __lo = name(__m, (int)(unsigned long long)__v, __o, __w);              \
    int __hi = name(__m, (int)((unsigned long long)__v >> 32), __o, __w);      \
    return (long long)(((unsigned long long)(unsigned int)__hi << 32) |        \
                       (unsigned int)__lo);                                    \
  }                                                                            \
  __HGRD_WF unsigned long long name(unsigned int __m, unsigned long long __v,  \
                                    OffT __o, int __w = 32) {                  \
    return (unsigned long long)name(__m, (long long)__v, __o, __w);            \
  }                                                                            \
  __HGRD_WF long name(unsigned int __m, long __v, OffT __o, int __w = 32) {    \
    return (long)name(__m, (long long)__v, __o, __w);                          \
  }                                                                            \
  __HGRD_WF unsigned long name(unsigned int __m, unsigned long __v, OffT __o,  \
                               int __w = 32) {                                 \
    return (unsigned long)name(__m, (long long)__v, __o, __w);                 \
  }                                                                            \
  __HGRD_WF double name(unsigned int __m, double __v, OffT __o,                \
                        int __w = 32) {                                        \
    return __builtin_bit_cast(                                                 \
        double, name(__m, __builtin_bit_cast(long long, __v), __o, __w));      \
  }

__HGRD_SHFL(__shfl_sync, idx, 0x1f, int)
__HGRD_SHFL(__shfl_up_sync, up, 0, unsigned int)
__HGRD_SHFL(__shfl_down_sync, down, 0x1f, unsigned int)
__HGRD_SHFL(__shfl_xor_sync, bfly, 0x1f, int)

/* The deprecated forms without a mask act on the whole warp. */
template <class T>
__HGRD_WF T __shfl(T __v, int __lane, int __w = 32) {
  return __shfl_sync(0xffffffffu, __v, __lane, __w);
}
template <class T>
__HGRD_WF T __shfl_up(T __v, unsigned int __d, int __w = 32) {
  return __shfl_up_sync(0xffffffffu, __v, __d, __w);
}
template <class T>
__HGRD_WF T __shfl_down(T __v, unsigned int __d, int __w = 32) {
  return __shfl_down_sync(0xffffffffu, __v, __d, __w);
}
template <class T>
__HGRD_WF T __shfl_xor(T __v, int __lm, int __w = 32) {
  return __shfl_xor_sync(0xffffffffu, __v, __lm, __w);
}

/* ---- votes ---- */
__HGRD_WF int __all_sync(unsigned int __m, int __p) {
  return __hgrd_nvvm_vote_all_sync(__m, __p != 0);
}
__HGRD_WF int __any_sync(unsigned int __m, int __p) {
  return __hgrd_nvvm_vote_any_sync(__m, __p != 0);
}
__HGRD_WF int __uni_sync(unsigned int __m, int __p) {
  return __hgrd_nvvm_vote_uni_sync(__m, __p != 0);
}
__HGRD_WF unsigned int __ballot_sync(unsigned int __m, int __p) {
  return __hgrd_nvvm_vote_ballot_sync(__m, __p != 0);
}
/* The lanes that execute the call: a ballot of `true` (LLVM 14 has no
 * activemask intrinsic). */
__HGRD_WF unsigned int __activemask(void) { return __nvvm_vote_ballot(1); }

/* ---- matches (sm_70) ---- */
__HGRD_WF unsigned int __match_any_sync(unsigned int __m, unsigned int __v) {
  return __hgrd_nvvm_match_any_sync_i32(__m, __v);
}
__HGRD_WF unsigned int __match_any_sync(unsigned int __m, int __v) {
  return __hgrd_nvvm_match_any_sync_i32(__m, (unsigned int)__v);
}
__HGRD_WF unsigned int __match_any_sync(unsigned int __m, float __v) {
  return __hgrd_nvvm_match_any_sync_i32(__m,
                                        __builtin_bit_cast(unsigned int, __v));
}
__HGRD_WF unsigned int __match_any_sync(unsigned int __m,
                                        unsigned long long __v) {
  return (unsigned int)__hgrd_nvvm_match_any_sync_i64(__m, __v);
}
__HGRD_WF unsigned int __match_any_sync(unsigned int __m, long long __v) {
  return (unsigned int)__hgrd_nvvm_match_any_sync_i64(
      __m, (unsigned long long)__v);
}
__HGRD_WF unsigned int __match_any_sync(unsigned int __m, unsigned long __v) {
  return (unsigned int)__hgrd_nvvm_match_any_sync_i64(
      __m, (unsigned long long)__v);
}
__HGRD_WF unsigned int __match_any_sync(unsigned int __m, long __v) {
  return (unsigned int)__hgrd_nvvm_match_any_sync_i64(
      __m, (unsigned long long)__v);
}
__HGRD_WF unsigned int __match_any_sync(unsigned int __m, double __v) {
  return (unsigned int)__hgrd_nvvm_match_any_sync_i64(
      __m, __builtin_bit_cast(unsigned long long, __v));
}
/* All lanes of the mask hold the same value exactly when the lanes that
 * match this one are the whole mask. */
template <class T>
__HGRD_WF unsigned int __match_all_sync(unsigned int __m, T __v, int *__pred) {
  unsigned int __same = __match_any_sync(__m, __v);
  *__pred = __same == __m;
  return __same == __m ? __m : 0u;
}

#pragma pop_macro("__HGRD_SHFL")
#pragma pop_macro("__HGRD_WF")

#endif /* HGRD_WARP_H */
