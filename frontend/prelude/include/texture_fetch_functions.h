/*
 * texture_fetch_functions.h - hgrd prelude:
 * tex1Dfetch, tex2D and the other fetches.
 *
 * hgrd_prelude.h, which clang includes implicitly, declares everything;
 * this file exists so that the #include resolves. When hgrd compiles
 * against a real CUDA SDK instead (clang's __clang_cuda_runtime_wrapper.h
 * is then active), the SDK's own header is read.
 */
#if defined(__CLANG_CUDA_RUNTIME_WRAPPER_H__)
#include_next <texture_fetch_functions.h>
#else
#include "hgrd_prelude.h"
#endif
