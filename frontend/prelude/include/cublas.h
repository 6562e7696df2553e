/*
 * cublas.h - hgrd prelude: the cuBLAS host API (cublas_api.h).
 *
 * With a real CUDA SDK its own header is read instead.
 */
#if defined(__CLANG_CUDA_RUNTIME_WRAPPER_H__)
#include_next <cublas.h>
#else
#include "cublas_api.h"
#endif
