/*
 * cooperative_groups/reduce.h - hgrd prelude: cg::reduce and its operators
 * are part of cooperative_groups.h.
 */
#if defined(__CLANG_CUDA_RUNTIME_WRAPPER_H__)
#include_next <cooperative_groups/reduce.h>
#else
#include <cooperative_groups.h>
#endif
