/*
 * cooperative_groups.h - hgrd prelude: the common part of CUDA's
 * cooperative groups, written on top of the prelude's builtins so that the
 * IR shows the usual barriers and warp intrinsics:
 *
 *   this_thread_block(), thread_block::sync(), cg::sync(block)
 *                                  -> @llvm.nvvm.barrier0 (__syncthreads)
 *   tiled_partition<N>(block), thread_block_tile<N>::sync()
 *                                  -> @llvm.nvvm.bar.warp.sync(tile mask)
 *   tiled_partition(block, n), thread_group::sync()
 *                                  -> the same for n <= 32 (see below)
 *   tile.shfl*, tile.any/all/ballot -> the *_sync warp intrinsics, width N
 *   coalesced_threads()            -> the lanes of __activemask()
 *   this_grid(), grid_group::sync() -> call void @__hgrd_grid_sync()
 *                                     (external: LLVM has no grid barrier)
 *   ranks, sizes and indices        -> terms of the special registers: a
 *                                     grid's thread_rank() is the linear
 *                                     thread index, its block_rank() the
 *                                     linear block index
 *   cg::reduce(tile, v, op)        -> a butterfly of shfl_xor
 *
 * Tiles are assumed to be aligned within warps of consecutive threads, as
 * CUDA lays them out. Not provided: memcpy_async, scans, multi_grid, labeled
 * partitions.
 */
#if defined(__CLANG_CUDA_RUNTIME_WRAPPER_H__)
#include_next <cooperative_groups.h>
#elif !defined(HGRD_COOPERATIVE_GROUPS_H)
#define HGRD_COOPERATIVE_GROUPS_H

#include "hgrd_prelude.h"

extern "C" __device__ void __hgrd_grid_sync(void);

/* Shuffles v, a value of a trivially copyable class type (a struct, a
 * __half), a 32-bit word at a time through word, as CUDA's groups do. */
template <class T, class F>
static __device__ __inline__ __attribute__((always_inline)) T
__hgrd_shfl_words(T v, F word) {
  constexpr int n = (sizeof(T) + 3) / 4;
  unsigned int w[n] = {};
  __builtin_memcpy(w, &v, sizeof(T));
  for (int i = 0; i < n; ++i)
    w[i] = word(w[i]);
  T r;
  __builtin_memcpy(&r, w, sizeof(T));
  return r;
}

namespace cooperative_groups {

#pragma push_macro("__HGRD_CG")
#define __HGRD_CG __device__ __inline__ __attribute__((always_inline))

namespace __hgrd {
__HGRD_CG unsigned int block_rank() {
  return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
}
__HGRD_CG unsigned int block_size() {
  return blockDim.x * blockDim.y * blockDim.z;
}
} // namespace __hgrd

/* ---- the whole block ---- */
class thread_block {
public:
  __HGRD_CG void sync() const { __syncthreads(); }
  __HGRD_CG unsigned int thread_rank() const { return __hgrd::block_rank(); }
  __HGRD_CG unsigned int size() const { return __hgrd::block_size(); }
  __HGRD_CG unsigned int num_threads() const { return __hgrd::block_size(); }
  __HGRD_CG dim3 group_index() const { return dim3(blockIdx); }
  __HGRD_CG dim3 thread_index() const { return dim3(threadIdx); }
  __HGRD_CG dim3 group_dim() const { return dim3(blockDim); }
  __HGRD_CG dim3 dim_threads() const { return dim3(blockDim); }
  __HGRD_CG bool is_valid() const { return true; }
};
__HGRD_CG thread_block this_thread_block() { return thread_block(); }

/* ---- the whole grid (cooperative launches) ---- */
class grid_group {
public:
  __HGRD_CG void sync() const { __hgrd_grid_sync(); }
  __HGRD_CG unsigned long long thread_rank() const {
    unsigned long long b =
        (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
    return b * __hgrd::block_size() + __hgrd::block_rank();
  }
  __HGRD_CG unsigned long long size() const {
    return (unsigned long long)gridDim.x * gridDim.y * gridDim.z *
           __hgrd::block_size();
  }
  __HGRD_CG unsigned long long num_threads() const { return size(); }
  __HGRD_CG dim3 group_dim() const { return dim3(gridDim); }
  __HGRD_CG bool is_valid() const { return true; }
  /* The calling block's linear index, and the blocks of the grid. */
  __HGRD_CG unsigned long long block_rank() const {
    return (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
  }
  __HGRD_CG unsigned long long num_blocks() const {
    return (unsigned long long)gridDim.x * gridDim.y * gridDim.z;
  }
  __HGRD_CG dim3 block_index() const { return dim3(blockIdx); }
  __HGRD_CG dim3 thread_index() const { return dim3(threadIdx); }
  __HGRD_CG dim3 dim_blocks() const { return dim3(gridDim); }
  __HGRD_CG dim3 dim_threads() const { return dim3(blockDim); }
};
__HGRD_CG grid_group this_grid() { return grid_group(); }

/* ---- static tiles of N threads (N a power of two, at most 32) ---- */
template <unsigned int N> class thread_block_tile {
  static_assert(N >= 1 && N <= 32 && (N & (N - 1)) == 0,
                "tile size must be a power of two up to 32");

public:
  /* The lanes of this tile within its warp. */
  __HGRD_CG unsigned int mask() const {
    return N == 32 ? 0xffffffffu
                   : ((1u << N) - 1u) << ((__hgrd::block_rank() % 32u) / N * N);
  }
  __HGRD_CG void sync() const { __syncwarp(mask()); }
  __HGRD_CG unsigned int thread_rank() const {
    return __hgrd::block_rank() % N;
  }
  __HGRD_CG unsigned int size() const { return N; }
  __HGRD_CG unsigned int num_threads() const { return N; }
  __HGRD_CG unsigned int meta_group_rank() const {
    return __hgrd::block_rank() / N;
  }
  __HGRD_CG unsigned int meta_group_size() const {
    return (__hgrd::block_size() + N - 1) / N;
  }
  __HGRD_CG bool is_valid() const { return true; }
  template <class T> __HGRD_CG T shfl(T v, int src) const {
    if constexpr (__is_class(T) || __is_union(T))
      return __hgrd_shfl_words(
          v, [&](unsigned int w) { return __shfl_sync(mask(), w, src, N); });
    else
      return __shfl_sync(mask(), v, src, N);
  }
  template <class T> __HGRD_CG T shfl_down(T v, unsigned int d) const {
    if constexpr (__is_class(T) || __is_union(T))
      return __hgrd_shfl_words(
          v, [&](unsigned int w) { return __shfl_down_sync(mask(), w, d, N); });
    else
      return __shfl_down_sync(mask(), v, d, N);
  }
  template <class T> __HGRD_CG T shfl_up(T v, unsigned int d) const {
    if constexpr (__is_class(T) || __is_union(T))
      return __hgrd_shfl_words(
          v, [&](unsigned int w) { return __shfl_up_sync(mask(), w, d, N); });
    else
      return __shfl_up_sync(mask(), v, d, N);
  }
  template <class T> __HGRD_CG T shfl_xor(T v, unsigned int m) const {
    if constexpr (__is_class(T) || __is_union(T))
      return __hgrd_shfl_words(
          v, [&](unsigned int w) { return __shfl_xor_sync(mask(), w, m, N); });
    else
      return __shfl_xor_sync(mask(), v, m, N);
  }
  /* Votes over the tile: this tile's bits of the warp's ballot. */
  __HGRD_CG unsigned int ballot(int p) const {
    unsigned int b = __ballot_sync(mask(), p);
    return N == 32 ? b
                   : (b >> ((__hgrd::block_rank() % 32u) / N * N)) &
                         ((1u << N) - 1u);
  }
  __HGRD_CG int any(int p) const { return ballot(p) != 0; }
  __HGRD_CG int all(int p) const {
    return ballot(p) == (N == 32 ? 0xffffffffu : (1u << N) - 1u);
  }
};
template <unsigned int N, class Parent>
__HGRD_CG thread_block_tile<N> tiled_partition(const Parent &) {
  return thread_block_tile<N>();
}

/* ---- tiles of a size known at run time: tiled_partition(parent, n) ----
 * n a power of two. Up to a warp, sync() is __syncwarp over the tile's
 * lanes, as for thread_block_tile<N>. A tile wider than a warp has no
 * barrier hgrd can express (it would be bar.sync with a thread count), so
 * its sync() orders nothing here: races across it are reported rather
 * than hidden. */
class thread_group {
  unsigned int n;

public:
  __HGRD_CG explicit thread_group(unsigned int size) : n(size) {}
  __HGRD_CG unsigned int mask() const {
    return n >= 32 ? 0xffffffffu
                   : ((1u << n) - 1u) << ((__hgrd::block_rank() % 32u) / n * n);
  }
  __HGRD_CG void sync() const {
    if (n <= 32)
      __syncwarp(mask());
  }
  __HGRD_CG unsigned long long thread_rank() const {
    return __hgrd::block_rank() % n;
  }
  __HGRD_CG unsigned long long size() const { return n; }
  __HGRD_CG unsigned long long num_threads() const { return n; }
  __HGRD_CG unsigned long long meta_group_rank() const {
    return __hgrd::block_rank() / n;
  }
  __HGRD_CG bool is_valid() const { return true; }
};
template <class Parent>
__HGRD_CG thread_group tiled_partition(const Parent &, unsigned int n) {
  return thread_group(n);
}

/* ---- the active lanes of a warp ---- */
class coalesced_group {
  unsigned int m;

public:
  __HGRD_CG explicit coalesced_group(unsigned int lanes) : m(lanes) {}
  __HGRD_CG unsigned int mask() const { return m; }
  __HGRD_CG void sync() const { __syncwarp(m); }
  __HGRD_CG unsigned int thread_rank() const {
    unsigned int lane = __hgrd::block_rank() % 32u;
    return __popc(m & ((1u << lane) - 1u));
  }
  __HGRD_CG unsigned int size() const { return __popc(m); }
  __HGRD_CG unsigned int num_threads() const { return __popc(m); }
  __HGRD_CG bool is_valid() const { return true; }
  /* Shuffles address lanes of the warp (exact when all lanes are active). */
  template <class T> __HGRD_CG T shfl(T v, int src) const {
    if constexpr (__is_class(T) || __is_union(T))
      return __hgrd_shfl_words(
          v, [&](unsigned int w) { return __shfl_sync(m, w, src); });
    else
      return __shfl_sync(m, v, src);
  }
  template <class T> __HGRD_CG T shfl_down(T v, unsigned int d) const {
    if constexpr (__is_class(T) || __is_union(T))
      return __hgrd_shfl_words(
          v, [&](unsigned int w) { return __shfl_down_sync(m, w, d); });
    else
      return __shfl_down_sync(m, v, d);
  }
  template <class T> __HGRD_CG T shfl_up(T v, unsigned int d) const {
    if constexpr (__is_class(T) || __is_union(T))
      return __hgrd_shfl_words(
          v, [&](unsigned int w) { return __shfl_up_sync(m, w, d); });
    else
      return __shfl_up_sync(m, v, d);
  }
  __HGRD_CG unsigned int ballot(int p) const { return __ballot_sync(m, p); }
  __HGRD_CG int any(int p) const { return __any_sync(m, p); }
  __HGRD_CG int all(int p) const { return __all_sync(m, p); }
};
__HGRD_CG coalesced_group coalesced_threads() {
  return coalesced_group(__activemask());
}

/* ---- free functions ---- */
template <class G> __HGRD_CG void sync(const G &g) { g.sync(); }
/* CUDA 9's name of sync(g), kept by GPUVerify's tests. */
template <class G> __HGRD_CG void synchronize(const G &g) { g.sync(); }
template <class G> __HGRD_CG unsigned long long thread_rank(const G &g) {
  return g.thread_rank();
}
template <class G> __HGRD_CG unsigned long long group_size(const G &g) {
  return g.size();
}

/* ---- reductions (cooperative_groups/reduce.h) ---- */
template <class T> struct plus {
  __HGRD_CG T operator()(T a, T b) const { return a + b; }
};
template <class T> struct less {
  __HGRD_CG T operator()(T a, T b) const { return a < b ? a : b; }
};
template <class T> struct greater {
  __HGRD_CG T operator()(T a, T b) const { return a > b ? a : b; }
};
template <class T> struct bit_and {
  __HGRD_CG T operator()(T a, T b) const { return a & b; }
};
template <class T> struct bit_or {
  __HGRD_CG T operator()(T a, T b) const { return a | b; }
};
template <class T> struct bit_xor {
  __HGRD_CG T operator()(T a, T b) const { return a ^ b; }
};
template <unsigned int N, class T, class Op>
__HGRD_CG T reduce(const thread_block_tile<N> &g, T v, Op op) {
  for (unsigned int o = N / 2; o > 0; o /= 2)
    v = op(v, g.shfl_xor(v, o));
  return v;
}

#pragma pop_macro("__HGRD_CG")

} // namespace cooperative_groups

#endif /* HGRD_COOPERATIVE_GROUPS_H */
