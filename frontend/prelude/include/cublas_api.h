/*
 * cublas_api.h - hgrd prelude: the cuBLAS host API, as declarations.
 *
 * A cuBLAS call runs kernels hgrd cannot see, from the host, between the
 * program's own launches: in the host IR it is a call to an external
 * function, whose writes through its pointer arguments leave those values
 * unknown. hgrd needs only that files using it compile. The level-1, -2
 * and -3 routines real programs call most, in the four precisions where
 * cuBLAS has them, and the extension routines (GemmEx, geam, batched).
 * With a real CUDA SDK its own header is read instead.
 */
#if defined(__CLANG_CUDA_RUNTIME_WRAPPER_H__)
#include_next <cublas_api.h>
#elif !defined(HGRD_CUBLAS_API_H)
#define HGRD_CUBLAS_API_H

#include "hgrd_prelude.h"
#include "cuComplex.h"
#include "cuda_fp16.h"
#include "library_types.h"

#define CUBLAS_VER_MAJOR 11
#define CUBLAS_VER_MINOR 11
#define CUBLAS_VER_PATCH 3
#define CUBLAS_VERSION 111103

typedef enum {
  CUBLAS_STATUS_SUCCESS = 0,
  CUBLAS_STATUS_NOT_INITIALIZED = 1,
  CUBLAS_STATUS_ALLOC_FAILED = 3,
  CUBLAS_STATUS_INVALID_VALUE = 7,
  CUBLAS_STATUS_ARCH_MISMATCH = 8,
  CUBLAS_STATUS_MAPPING_ERROR = 11,
  CUBLAS_STATUS_EXECUTION_FAILED = 13,
  CUBLAS_STATUS_INTERNAL_ERROR = 14,
  CUBLAS_STATUS_NOT_SUPPORTED = 15,
  CUBLAS_STATUS_LICENSE_ERROR = 16
} cublasStatus_t;
typedef enum {
  CUBLAS_FILL_MODE_LOWER = 0,
  CUBLAS_FILL_MODE_UPPER = 1,
  CUBLAS_FILL_MODE_FULL = 2
} cublasFillMode_t;
typedef enum { CUBLAS_DIAG_NON_UNIT = 0, CUBLAS_DIAG_UNIT = 1 } cublasDiagType_t;
typedef enum { CUBLAS_SIDE_LEFT = 0, CUBLAS_SIDE_RIGHT = 1 } cublasSideMode_t;
typedef enum {
  CUBLAS_OP_N = 0,
  CUBLAS_OP_T = 1,
  CUBLAS_OP_C = 2,
  CUBLAS_OP_HERMITAN = 2,
  CUBLAS_OP_CONJG = 3
} cublasOperation_t;
typedef enum {
  CUBLAS_POINTER_MODE_HOST = 0,
  CUBLAS_POINTER_MODE_DEVICE = 1
} cublasPointerMode_t;
typedef enum {
  CUBLAS_ATOMICS_NOT_ALLOWED = 0,
  CUBLAS_ATOMICS_ALLOWED = 1
} cublasAtomicsMode_t;
typedef enum {
  CUBLAS_DEFAULT_MATH = 0,
  CUBLAS_TENSOR_OP_MATH = 1,
  CUBLAS_PEDANTIC_MATH = 2,
  CUBLAS_TF32_TENSOR_OP_MATH = 3,
  CUBLAS_MATH_DISALLOW_REDUCED_PRECISION_REDUCTION = 16
} cublasMath_t;
typedef enum {
  CUBLAS_COMPUTE_16F = 64,
  CUBLAS_COMPUTE_16F_PEDANTIC = 65,
  CUBLAS_COMPUTE_32F = 68,
  CUBLAS_COMPUTE_32F_PEDANTIC = 69,
  CUBLAS_COMPUTE_32F_FAST_16F = 74,
  CUBLAS_COMPUTE_32F_FAST_16BF = 75,
  CUBLAS_COMPUTE_32F_FAST_TF32 = 77,
  CUBLAS_COMPUTE_64F = 70,
  CUBLAS_COMPUTE_64F_PEDANTIC = 71,
  CUBLAS_COMPUTE_32I = 72,
  CUBLAS_COMPUTE_32I_PEDANTIC = 73
} cublasComputeType_t;
typedef enum {
  CUBLAS_GEMM_DFALT = -1,
  CUBLAS_GEMM_DEFAULT = -1,
  CUBLAS_GEMM_ALGO0 = 0,
  CUBLAS_GEMM_ALGO1 = 1,
  CUBLAS_GEMM_ALGO2 = 2,
  CUBLAS_GEMM_ALGO3 = 3,
  CUBLAS_GEMM_DEFAULT_TENSOR_OP = 99,
  CUBLAS_GEMM_DFALT_TENSOR_OP = 99,
  CUBLAS_GEMM_ALGO0_TENSOR_OP = 100
} cublasGemmAlgo_t;
typedef cudaDataType cublasDataType_t;

struct cublasContext;
typedef struct cublasContext *cublasHandle_t;

/* __HGRD_BLAS_TYPES(M): M(prefix, element type, lower-case prefix) for the
 * four precisions. */
#define __HGRD_BLAS_TYPES(M)                                                   \
  M(S, float, s)                                                               \
  M(D, double, d)                                                              \
  M(C, cuComplex, c)                                                           \
  M(Z, cuDoubleComplex, z)

extern "C" {
cublasStatus_t cublasCreate(cublasHandle_t *handle);
cublasStatus_t cublasDestroy(cublasHandle_t handle);
cublasStatus_t cublasCreate_v2(cublasHandle_t *handle);
cublasStatus_t cublasDestroy_v2(cublasHandle_t handle);
cublasStatus_t cublasGetVersion(cublasHandle_t handle, int *version);
cublasStatus_t cublasGetProperty(libraryPropertyType type, int *value);
cublasStatus_t cublasSetStream(cublasHandle_t handle, cudaStream_t streamId);
cublasStatus_t cublasGetStream(cublasHandle_t handle, cudaStream_t *streamId);
cublasStatus_t cublasSetPointerMode(cublasHandle_t handle,
                                    cublasPointerMode_t mode);
cublasStatus_t cublasGetPointerMode(cublasHandle_t handle,
                                    cublasPointerMode_t *mode);
cublasStatus_t cublasSetAtomicsMode(cublasHandle_t handle,
                                    cublasAtomicsMode_t mode);
cublasStatus_t cublasSetMathMode(cublasHandle_t handle, cublasMath_t mode);
cublasStatus_t cublasGetMathMode(cublasHandle_t handle, cublasMath_t *mode);
cublasStatus_t cublasSetWorkspace(cublasHandle_t handle, void *workspace,
                                  size_t workspaceSizeInBytes);
const char *cublasGetStatusName(cublasStatus_t status);
const char *cublasGetStatusString(cublasStatus_t status);

cublasStatus_t cublasSetVector(int n, int elemSize, const void *x, int incx,
                               void *devicePtr, int incy);
cublasStatus_t cublasGetVector(int n, int elemSize, const void *x, int incx,
                               void *y, int incy);
cublasStatus_t cublasSetMatrix(int rows, int cols, int elemSize, const void *A,
                               int lda, void *B, int ldb);
cublasStatus_t cublasGetMatrix(int rows, int cols, int elemSize, const void *A,
                               int lda, void *B, int ldb);
cublasStatus_t cublasSetVectorAsync(int n, int elemSize, const void *hostPtr,
                                    int incx, void *devicePtr, int incy,
                                    cudaStream_t stream);
cublasStatus_t cublasGetVectorAsync(int n, int elemSize, const void *devicePtr,
                                    int incx, void *hostPtr, int incy,
                                    cudaStream_t stream);
cublasStatus_t cublasSetMatrixAsync(int rows, int cols, int elemSize,
                                    const void *A, int lda, void *B, int ldb,
                                    cudaStream_t stream);
cublasStatus_t cublasGetMatrixAsync(int rows, int cols, int elemSize,
                                    const void *A, int lda, void *B, int ldb,
                                    cudaStream_t stream);

/* ---- level 1 ---- */
#define __HGRD_BLAS1(P, T, R)                                                  \
  cublasStatus_t cublas##P##copy(cublasHandle_t h, int n, const T *x,          \
                                 int incx, T *y, int incy);                    \
  cublasStatus_t cublas##P##swap(cublasHandle_t h, int n, T *x, int incx,      \
                                 T *y, int incy);                              \
  cublasStatus_t cublas##P##axpy(cublasHandle_t h, int n, const T *alpha,      \
                                 const T *x, int incx, T *y, int incy);        \
  cublasStatus_t cublas##P##scal(cublasHandle_t h, int n, const T *alpha,      \
                                 T *x, int incx);                              \
  cublasStatus_t cublasI##R##amax(cublasHandle_t h, int n, const T *x,         \
                                  int incx, int *result);                      \
  cublasStatus_t cublasI##R##amin(cublasHandle_t h, int n, const T *x,         \
                                  int incx, int *result);
__HGRD_BLAS_TYPES(__HGRD_BLAS1)
#undef __HGRD_BLAS1
cublasStatus_t cublasSdot(cublasHandle_t h, int n, const float *x, int incx,
                          const float *y, int incy, float *result);
cublasStatus_t cublasDdot(cublasHandle_t h, int n, const double *x, int incx,
                          const double *y, int incy, double *result);
cublasStatus_t cublasCdotu(cublasHandle_t h, int n, const cuComplex *x,
                           int incx, const cuComplex *y, int incy,
                           cuComplex *result);
cublasStatus_t cublasCdotc(cublasHandle_t h, int n, const cuComplex *x,
                           int incx, const cuComplex *y, int incy,
                           cuComplex *result);
cublasStatus_t cublasZdotu(cublasHandle_t h, int n, const cuDoubleComplex *x,
                           int incx, const cuDoubleComplex *y, int incy,
                           cuDoubleComplex *result);
cublasStatus_t cublasZdotc(cublasHandle_t h, int n, const cuDoubleComplex *x,
                           int incx, const cuDoubleComplex *y, int incy,
                           cuDoubleComplex *result);
cublasStatus_t cublasSnrm2(cublasHandle_t h, int n, const float *x, int incx,
                           float *result);
cublasStatus_t cublasDnrm2(cublasHandle_t h, int n, const double *x, int incx,
                           double *result);
cublasStatus_t cublasScnrm2(cublasHandle_t h, int n, const cuComplex *x,
                            int incx, float *result);
cublasStatus_t cublasDznrm2(cublasHandle_t h, int n, const cuDoubleComplex *x,
                            int incx, double *result);
cublasStatus_t cublasSasum(cublasHandle_t h, int n, const float *x, int incx,
                           float *result);
cublasStatus_t cublasDasum(cublasHandle_t h, int n, const double *x, int incx,
                           double *result);
cublasStatus_t cublasSrot(cublasHandle_t h, int n, float *x, int incx,
                          float *y, int incy, const float *c, const float *s);
cublasStatus_t cublasDrot(cublasHandle_t h, int n, double *x, int incx,
                          double *y, int incy, const double *c,
                          const double *s);
cublasStatus_t cublasNrm2Ex(cublasHandle_t h, int n, const void *x,
                            cudaDataType xType, int incx, void *result,
                            cudaDataType resultType,
                            cudaDataType executionType);
cublasStatus_t cublasDotEx(cublasHandle_t h, int n, const void *x,
                           cudaDataType xType, int incx, const void *y,
                           cudaDataType yType, int incy, void *result,
                           cudaDataType resultType,
                           cudaDataType executionType);
cublasStatus_t cublasAxpyEx(cublasHandle_t h, int n, const void *alpha,
                            cudaDataType alphaType, const void *x,
                            cudaDataType xType, int incx, void *y,
                            cudaDataType yType, int incy,
                            cudaDataType executiontype);
cublasStatus_t cublasScalEx(cublasHandle_t h, int n, const void *alpha,
                            cudaDataType alphaType, void *x,
                            cudaDataType xType, int incx,
                            cudaDataType executionType);

/* ---- level 2 ---- */
#define __HGRD_BLAS2(P, T, R)                                                  \
  cublasStatus_t cublas##P##gemv(cublasHandle_t h, cublasOperation_t trans,    \
                                 int m, int n, const T *alpha, const T *A,     \
                                 int lda, const T *x, int incx, const T *beta, \
                                 T *y, int incy);                              \
  cublasStatus_t cublas##P##gbmv(cublasHandle_t h, cublasOperation_t trans,    \
                                 int m, int n, int kl, int ku, const T *alpha, \
                                 const T *A, int lda, const T *x, int incx,    \
                                 const T *beta, T *y, int incy);               \
  cublasStatus_t cublas##P##trmv(cublasHandle_t h, cublasFillMode_t uplo,      \
                                 cublasOperation_t trans,                      \
                                 cublasDiagType_t diag, int n, const T *A,     \
                                 int lda, T *x, int incx);                     \
  cublasStatus_t cublas##P##trsv(cublasHandle_t h, cublasFillMode_t uplo,      \
                                 cublasOperation_t trans,                      \
                                 cublasDiagType_t diag, int n, const T *A,     \
                                 int lda, T *x, int incx);                     \
  cublasStatus_t cublas##P##symv(cublasHandle_t h, cublasFillMode_t uplo,      \
                                 int n, const T *alpha, const T *A, int lda,   \
                                 const T *x, int incx, const T *beta, T *y,    \
                                 int incy);                                    \
  cublasStatus_t cublas##P##gemvStridedBatched(                                \
      cublasHandle_t h, cublasOperation_t trans, int m, int n, const T *alpha, \
      const T *A, int lda, long long strideA, const T *x, int incx,            \
      long long stridex, const T *beta, T *y, int incy, long long stridey,     \
      int batchCount);
__HGRD_BLAS_TYPES(__HGRD_BLAS2)
#undef __HGRD_BLAS2
cublasStatus_t cublasSger(cublasHandle_t h, int m, int n, const float *alpha,
                          const float *x, int incx, const float *y, int incy,
                          float *A, int lda);
cublasStatus_t cublasDger(cublasHandle_t h, int m, int n, const double *alpha,
                          const double *x, int incx, const double *y,
                          int incy, double *A, int lda);

/* ---- level 3 ---- */
#define __HGRD_BLAS3(P, T, R)                                                  \
  cublasStatus_t cublas##P##gemm(                                              \
      cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb,    \
      int m, int n, int k, const T *alpha, const T *A, int lda, const T *B,    \
      int ldb, const T *beta, T *C, int ldc);                                  \
  cublasStatus_t cublas##P##gemmBatched(                                       \
      cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb,    \
      int m, int n, int k, const T *alpha, const T *const Aarray[], int lda,   \
      const T *const Barray[], int ldb, const T *beta, T *const Carray[],      \
      int ldc, int batchCount);                                                \
  cublasStatus_t cublas##P##gemmStridedBatched(                                \
      cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb,    \
      int m, int n, int k, const T *alpha, const T *A, int lda,                \
      long long strideA, const T *B, int ldb, long long strideB,               \
      const T *beta, T *C, int ldc, long long strideC, int batchCount);        \
  cublasStatus_t cublas##P##geam(                                              \
      cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb,    \
      int m, int n, const T *alpha, const T *A, int lda, const T *beta,        \
      const T *B, int ldb, T *C, int ldc);                                     \
  cublasStatus_t cublas##P##symm(                                              \
      cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo, int m,   \
      int n, const T *alpha, const T *A, int lda, const T *B, int ldb,         \
      const T *beta, T *C, int ldc);                                           \
  cublasStatus_t cublas##P##syrk(                                              \
      cublasHandle_t h, cublasFillMode_t uplo, cublasOperation_t trans, int n, \
      int k, const T *alpha, const T *A, int lda, const T *beta, T *C,         \
      int ldc);                                                                \
  cublasStatus_t cublas##P##trsm(                                              \
      cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo,          \
      cublasOperation_t trans, cublasDiagType_t diag, int m, int n,            \
      const T *alpha, const T *A, int lda, T *B, int ldb);                     \
  cublasStatus_t cublas##P##trmm(                                              \
      cublasHandle_t h, cublasSideMode_t side, cublasFillMode_t uplo,          \
      cublasOperation_t trans, cublasDiagType_t diag, int m, int n,            \
      const T *alpha, const T *A, int lda, const T *B, int ldb, T *C,          \
      int ldc);                                                                \
  cublasStatus_t cublas##P##dgmm(cublasHandle_t h, cublasSideMode_t mode,      \
                                 int m, int n, const T *A, int lda,            \
                                 const T *x, int incx, T *C, int ldc);         \
  cublasStatus_t cublas##P##getrfBatched(cublasHandle_t h, int n,              \
                                         T *const A[], int lda, int *P_,       \
                                         int *info, int batchSize);            \
  cublasStatus_t cublas##P##getriBatched(                                      \
      cublasHandle_t h, int n, const T *const A[], int lda, const int *P_,     \
      T *const C[], int ldc, int *info, int batchSize);                        \
  cublasStatus_t cublas##P##matinvBatched(cublasHandle_t h, int n,             \
                                          const T *const A[], int lda,         \
                                          T *const Ainv[], int lda_inv,        \
                                          int *info, int batchSize);
__HGRD_BLAS_TYPES(__HGRD_BLAS3)
#undef __HGRD_BLAS3
cublasStatus_t cublasHgemm(cublasHandle_t h, cublasOperation_t transa,
                           cublasOperation_t transb, int m, int n, int k,
                           const __half *alpha, const __half *A, int lda,
                           const __half *B, int ldb, const __half *beta,
                           __half *C, int ldc);
cublasStatus_t cublasHgemmStridedBatched(
    cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb,
    int m, int n, int k, const __half *alpha, const __half *A, int lda,
    long long strideA, const __half *B, int ldb, long long strideB,
    const __half *beta, __half *C, int ldc, long long strideC,
    int batchCount);
cublasStatus_t cublasGemmEx(cublasHandle_t h, cublasOperation_t transa,
                            cublasOperation_t transb, int m, int n, int k,
                            const void *alpha, const void *A,
                            cudaDataType Atype, int lda, const void *B,
                            cudaDataType Btype, int ldb, const void *beta,
                            void *C, cudaDataType Ctype, int ldc,
                            cublasComputeType_t computeType,
                            cublasGemmAlgo_t algo);
cublasStatus_t cublasGemmBatchedEx(
    cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb,
    int m, int n, int k, const void *alpha, const void *const Aarray[],
    cudaDataType Atype, int lda, const void *const Barray[],
    cudaDataType Btype, int ldb, const void *beta, void *const Carray[],
    cudaDataType Ctype, int ldc, int batchCount,
    cublasComputeType_t computeType, cublasGemmAlgo_t algo);
cublasStatus_t cublasGemmStridedBatchedEx(
    cublasHandle_t h, cublasOperation_t transa, cublasOperation_t transb,
    int m, int n, int k, const void *alpha, const void *A, cudaDataType Atype,
    int lda, long long strideA, const void *B, cudaDataType Btype, int ldb,
    long long strideB, const void *beta, void *C, cudaDataType Ctype, int ldc,
    long long strideC, int batchCount, cublasComputeType_t computeType,
    cublasGemmAlgo_t algo);
cublasStatus_t cublasSgemmEx(cublasHandle_t h, cublasOperation_t transa,
                             cublasOperation_t transb, int m, int n, int k,
                             const float *alpha, const void *A,
                             cudaDataType Atype, int lda, const void *B,
                             cudaDataType Btype, int ldb, const float *beta,
                             void *C, cudaDataType Ctype, int ldc);
}

#undef __HGRD_BLAS_TYPES

#endif /* HGRD_CUBLAS_API_H */
