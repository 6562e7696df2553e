/*
 * cusolverDn.h - hgrd prelude: the dense cuSOLVER host API, as
 * declarations.
 *
 * Like cuBLAS (cublas_api.h): calls run kernels hgrd cannot see, from the
 * host, between the program's own launches. The factorisations (LU,
 * Cholesky, QR), their solves, the symmetric eigensolver and the SVD, in
 * the four precisions. With a real CUDA SDK its own header is read instead.
 */
#if defined(__CLANG_CUDA_RUNTIME_WRAPPER_H__)
#include_next <cusolverDn.h>
#elif !defined(HGRD_CUSOLVERDN_H)
#define HGRD_CUSOLVERDN_H

#include "cublas_api.h"

typedef enum {
  CUSOLVER_STATUS_SUCCESS = 0,
  CUSOLVER_STATUS_NOT_INITIALIZED = 1,
  CUSOLVER_STATUS_ALLOC_FAILED = 2,
  CUSOLVER_STATUS_INVALID_VALUE = 3,
  CUSOLVER_STATUS_ARCH_MISMATCH = 4,
  CUSOLVER_STATUS_EXECUTION_FAILED = 6,
  CUSOLVER_STATUS_INTERNAL_ERROR = 7,
  CUSOLVER_STATUS_MATRIX_TYPE_NOT_SUPPORTED = 8,
  CUSOLVER_STATUS_NOT_SUPPORTED = 9
} cusolverStatus_t;
typedef enum {
  CUSOLVER_EIG_TYPE_1 = 1,
  CUSOLVER_EIG_TYPE_2 = 2,
  CUSOLVER_EIG_TYPE_3 = 3
} cusolverEigType_t;
typedef enum {
  CUSOLVER_EIG_MODE_NOVECTOR = 0,
  CUSOLVER_EIG_MODE_VECTOR = 1
} cusolverEigMode_t;

struct cusolverDnContext;
typedef struct cusolverDnContext *cusolverDnHandle_t;

extern "C" {
cusolverStatus_t cusolverDnCreate(cusolverDnHandle_t *handle);
cusolverStatus_t cusolverDnDestroy(cusolverDnHandle_t handle);
cusolverStatus_t cusolverDnSetStream(cusolverDnHandle_t handle,
                                     cudaStream_t streamId);
cusolverStatus_t cusolverDnGetStream(cusolverDnHandle_t handle,
                                     cudaStream_t *streamId);

#define __HGRD_SOLVER(P, T, R)                                                 \
  cusolverStatus_t cusolverDn##P##getrf_bufferSize(                            \
      cusolverDnHandle_t h, int m, int n, T *A, int lda, int *Lwork);          \
  cusolverStatus_t cusolverDn##P##getrf(cusolverDnHandle_t h, int m, int n,    \
                                        T *A, int lda, T *Workspace,           \
                                        int *devIpiv, int *devInfo);           \
  cusolverStatus_t cusolverDn##P##getrs(                                       \
      cusolverDnHandle_t h, cublasOperation_t trans, int n, int nrhs,          \
      const T *A, int lda, const int *devIpiv, T *B, int ldb, int *devInfo);   \
  cusolverStatus_t cusolverDn##P##potrf_bufferSize(                            \
      cusolverDnHandle_t h, cublasFillMode_t uplo, int n, T *A, int lda,       \
      int *Lwork);                                                             \
  cusolverStatus_t cusolverDn##P##potrf(cusolverDnHandle_t h,                  \
                                        cublasFillMode_t uplo, int n, T *A,    \
                                        int lda, T *Workspace, int Lwork,      \
                                        int *devInfo);                         \
  cusolverStatus_t cusolverDn##P##potrs(                                       \
      cusolverDnHandle_t h, cublasFillMode_t uplo, int n, int nrhs,            \
      const T *A, int lda, T *B, int ldb, int *devInfo);                       \
  cusolverStatus_t cusolverDn##P##geqrf_bufferSize(                            \
      cusolverDnHandle_t h, int m, int n, T *A, int lda, int *Lwork);          \
  cusolverStatus_t cusolverDn##P##geqrf(cusolverDnHandle_t h, int m, int n,    \
                                        T *A, int lda, T *TAU, T *Workspace,   \
                                        int Lwork, int *devInfo);              \
  cusolverStatus_t cusolverDn##P##gesvd_bufferSize(cusolverDnHandle_t h,       \
                                                   int m, int n, int *Lwork);
__HGRD_SOLVER(S, float, float)
__HGRD_SOLVER(D, double, double)
__HGRD_SOLVER(C, cuComplex, float)
__HGRD_SOLVER(Z, cuDoubleComplex, double)
#undef __HGRD_SOLVER

#define __HGRD_SOLVER_REAL(P, T)                                               \
  cusolverStatus_t cusolverDn##P##syevd_bufferSize(                            \
      cusolverDnHandle_t h, cusolverEigMode_t jobz, cublasFillMode_t uplo,     \
      int n, const T *A, int lda, const T *W, int *lwork);                     \
  cusolverStatus_t cusolverDn##P##syevd(                                       \
      cusolverDnHandle_t h, cusolverEigMode_t jobz, cublasFillMode_t uplo,     \
      int n, T *A, int lda, T *W, T *work, int lwork, int *info);              \
  cusolverStatus_t cusolverDn##P##gesvd(                                       \
      cusolverDnHandle_t h, signed char jobu, signed char jobvt, int m, int n, \
      T *A, int lda, T *S, T *U, int ldu, T *VT, int ldvt, T *work, int lwork, \
      T *rwork, int *info);                                                    \
  cusolverStatus_t cusolverDn##P##ormqr(                                       \
      cusolverDnHandle_t h, cublasSideMode_t side, cublasOperation_t trans,    \
      int m, int n, int k, const T *A, int lda, const T *tau, T *C, int ldc,   \
      T *work, int lwork, int *devInfo);
__HGRD_SOLVER_REAL(S, float)
__HGRD_SOLVER_REAL(D, double)
#undef __HGRD_SOLVER_REAL
}

#endif /* HGRD_CUSOLVERDN_H */
