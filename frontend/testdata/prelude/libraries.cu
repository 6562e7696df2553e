// The header-only types and the host APIs of the CUDA libraries compile
// with the prelude alone: reduced-precision types in device code; cuBLAS,
// cuBLASLt, cuSPARSE, cuFFT, cuRAND, cuSOLVER, NVTX, MPI, NCCL and OpenMP
// from the host, around a launch of the program's own kernel.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>
#include <cuComplex.h>
#include <cublas_v2.h>
#include <cublasLt.h>
#include <cusparse.h>
#include <cufft.h>
#include <curand.h>
#include <cusolverDn.h>
#include <nvToolsExt.h>
#include <omp.h>
#include <shrUtils.h>
#include <mpi.h>
#include <nccl.h>
#include <chrono>
#include <string>

__global__ void widen(const __nv_bfloat16 *in, const __nv_fp8_e4m3 *q,
                      cuFloatComplex *c, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    __half h = __float2half(1.0f);
    h += __float2half(2.0f);
    out[i] = __bfloat162float(in[i]) + float(q[i]) + __half2float(h) +
             cuCabsf(c[i]);
  }
}

int main() {
  const int n = 256;
  __nv_bfloat16 *in;
  __nv_fp8_e4m3 *q;
  cuFloatComplex *c;
  float *out, one = 1.0f;
  cudaMalloc(&in, n * sizeof(*in));
  cudaMalloc(&q, n * sizeof(*q));
  cudaMalloc(&c, n * sizeof(*c));
  cudaMalloc(&out, n * sizeof(float));
  auto start = std::chrono::steady_clock::now();
  nvtxRangePushA("libraries");

  cublasHandle_t blas;
  cublasCreate(&blas);
  cublasSscal(blas, n, &one, out, 1);
  cublasLtHandle_t lt;
  cublasLtCreate(&lt);
  cusparseHandle_t sparse;
  cusparseCreate(&sparse);
  cufftHandle plan;
  cufftPlan1d(&plan, n, CUFFT_C2C, 1);
  cufftExecC2C(plan, c, c, CUFFT_FORWARD);
  curandGenerator_t gen;
  curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT);
  curandGenerateUniform(gen, out, n);
  cusolverDnHandle_t solver;
  cusolverDnCreate(&solver);
  omp_set_num_threads(2);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  ncclComm_t comm;
  ncclUniqueId id;
  ncclGetUniqueId(&id);
  ncclCommInitRank(&comm, 1, id, rank);
  ncclAllReduce(out, out, n, ncclFloat, ncclSum, comm, 0);

  widen<<<n / 64, 64>>>(in, q, c, out, n);
  cudaDeviceSynchronize();

  // The newer runtime API: stream-ordered allocation, a captured graph.
  cudaStream_t stream;
  cudaStreamCreate(&stream);
  float *scratch;
  cudaMallocAsync(&scratch, n * sizeof(float), stream);
  cudaGraph_t graph;
  cudaGraphExec_t exec;
  cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal);
  cudaMemsetAsync(scratch, 0, n * sizeof(float), stream);
  cudaStreamEndCapture(stream, &graph);
  cudaGraphInstantiate(&exec, graph, nullptr, nullptr, 0);
  cudaGraphLaunch(exec, stream);
  cudaFreeAsync(scratch, stream);

  nvtxRangePop();
  std::string label = "done in " + std::to_string(omp_get_wtime());
  shrLog("%s\n", label.c_str());
  cublasDestroy(blas);
  return 0;
}
