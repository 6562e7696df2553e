/*
 * hgrd_runtime_graphs.h - the newer parts of the CUDA runtime API: the
 * stream-ordered allocator (cudaMallocAsync, memory pools), CUDA graphs and
 * stream capture, interprocess handles, and a few queries.
 *
 * Declarations only, as in hgrd_runtime_api.h. cudaMallocAsync and
 * cudaMallocFromPoolAsync are allocations for the analysis, like
 * cudaMalloc. A graph's kernels are launched by cudaGraphLaunch, which the
 * analysis does not follow: kernels run only through a graph are analysed
 * with the launch shape of kernels no host code launches.
 * cudaGraphInstantiate has CUDA 12's form, with CUDA 11's as an overload.
 */
#ifndef HGRD_RUNTIME_GRAPHS_H
#define HGRD_RUNTIME_GRAPHS_H

typedef struct CUmemPoolHandle_st *cudaMemPool_t;
typedef struct CUgraphNode_st *cudaGraphNode_t;
typedef struct CUuserObject_st *cudaUserObject_t;

enum cudaMemPoolAttr {
  cudaMemPoolReuseFollowEventDependencies = 1,
  cudaMemPoolReuseAllowOpportunistic = 2,
  cudaMemPoolReuseAllowInternalDependencies = 3,
  cudaMemPoolAttrReleaseThreshold = 4,
  cudaMemPoolAttrReservedMemCurrent = 5,
  cudaMemPoolAttrReservedMemHigh = 6,
  cudaMemPoolAttrUsedMemCurrent = 7,
  cudaMemPoolAttrUsedMemHigh = 8
};
enum cudaMemAllocationType {
  cudaMemAllocationTypeInvalid = 0,
  cudaMemAllocationTypePinned = 1
};
enum cudaMemAllocationHandleType {
  cudaMemHandleTypeNone = 0,
  cudaMemHandleTypePosixFileDescriptor = 1
};
struct cudaMemPoolProps {
  enum cudaMemAllocationType allocType;
  enum cudaMemAllocationHandleType handleTypes;
  struct cudaMemLocation location;
  void *win32SecurityAttributes;
  unsigned char reserved[64];
};
enum cudaStreamCaptureMode {
  cudaStreamCaptureModeGlobal = 0,
  cudaStreamCaptureModeThreadLocal = 1,
  cudaStreamCaptureModeRelaxed = 2
};
enum cudaStreamCaptureStatus {
  cudaStreamCaptureStatusNone = 0,
  cudaStreamCaptureStatusActive = 1,
  cudaStreamCaptureStatusInvalidated = 2
};
enum cudaGraphExecUpdateResult {
  cudaGraphExecUpdateSuccess = 0,
  cudaGraphExecUpdateError = 1
};
enum cudaGraphInstantiateFlags {
  cudaGraphInstantiateFlagAutoFreeOnLaunch = 1,
  cudaGraphInstantiateFlagUpload = 2,
  cudaGraphInstantiateFlagDeviceLaunch = 4,
  cudaGraphInstantiateFlagUseNodePriority = 8
};
struct cudaKernelNodeParams {
  void *func;
  dim3 gridDim;
  dim3 blockDim;
  unsigned int sharedMemBytes;
  void **kernelParams;
  void **extra;
};
struct cudaMemsetParams {
  void *dst;
  size_t pitch;
  unsigned int value;
  unsigned int elementSize;
  size_t width;
  size_t height;
};
typedef struct cudaIpcMemHandle_st {
  char reserved[64];
} cudaIpcMemHandle_t;
typedef struct cudaIpcEventHandle_st {
  char reserved[64];
} cudaIpcEventHandle_t;
#define cudaIpcMemLazyEnablePeerAccess 0x01
#define cudaEventRecordDefault 0x00
#define cudaEventRecordExternal 0x01

extern "C" {
/* ---- the stream-ordered allocator ---- */
__host__ cudaError_t cudaMallocAsync(void **devPtr, size_t size,
                                     cudaStream_t hStream);
__host__ cudaError_t cudaFreeAsync(void *devPtr, cudaStream_t hStream);
__host__ cudaError_t cudaMallocFromPoolAsync(void **ptr, size_t size,
                                             cudaMemPool_t memPool,
                                             cudaStream_t stream);
__host__ cudaError_t cudaMemPoolCreate(cudaMemPool_t *memPool,
                                       const struct cudaMemPoolProps *props);
__host__ cudaError_t cudaMemPoolDestroy(cudaMemPool_t memPool);
__host__ cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *memPool,
                                                 int device);
__host__ cudaError_t cudaDeviceGetMemPool(cudaMemPool_t *memPool, int device);
__host__ cudaError_t cudaDeviceSetMemPool(int device, cudaMemPool_t memPool);
__host__ cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t memPool,
                                             enum cudaMemPoolAttr attr,
                                             void *value);
__host__ cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t memPool,
                                             enum cudaMemPoolAttr attr,
                                             void *value);
__host__ cudaError_t cudaMemPoolTrimTo(cudaMemPool_t memPool,
                                       size_t minBytesToKeep);

/* ---- graphs and stream capture ---- */
__host__ cudaError_t cudaStreamBeginCapture(cudaStream_t stream,
                                            enum cudaStreamCaptureMode mode);
__host__ cudaError_t cudaStreamEndCapture(cudaStream_t stream,
                                          cudaGraph_t *pGraph);
__host__ cudaError_t
cudaStreamIsCapturing(cudaStream_t stream,
                      enum cudaStreamCaptureStatus *pCaptureStatus);
__host__ cudaError_t
cudaStreamGetCaptureInfo(cudaStream_t stream,
                         enum cudaStreamCaptureStatus *captureStatus_out,
                         unsigned long long *id_out);
__host__ cudaError_t cudaThreadExchangeStreamCaptureMode(
    enum cudaStreamCaptureMode *mode);
__host__ cudaError_t cudaGraphCreate(cudaGraph_t *pGraph, unsigned int flags);
__host__ cudaError_t cudaGraphInstantiate(cudaGraphExec_t *pGraphExec,
                                          cudaGraph_t graph,
                                          unsigned long long flags = 0);
__host__ cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *pGraphExec,
                                                   cudaGraph_t graph,
                                                   unsigned long long flags);
__host__ cudaError_t cudaGraphLaunch(cudaGraphExec_t graphExec,
                                     cudaStream_t stream);
__host__ cudaError_t cudaGraphUpload(cudaGraphExec_t graphExec,
                                     cudaStream_t stream);
__host__ cudaError_t cudaGraphExecDestroy(cudaGraphExec_t graphExec);
__host__ cudaError_t cudaGraphDestroy(cudaGraph_t graph);
__host__ cudaError_t cudaGraphClone(cudaGraph_t *pGraphClone,
                                    cudaGraph_t originalGraph);
__host__ cudaError_t cudaGraphGetNodes(cudaGraph_t graph,
                                       cudaGraphNode_t *nodes,
                                       size_t *numNodes);
__host__ cudaError_t cudaGraphAddKernelNode(
    cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
    const cudaGraphNode_t *pDependencies, size_t numDependencies,
    const struct cudaKernelNodeParams *pNodeParams);
__host__ cudaError_t cudaGraphKernelNodeSetParams(
    cudaGraphNode_t node, const struct cudaKernelNodeParams *pNodeParams);
__host__ cudaError_t cudaGraphExecKernelNodeSetParams(
    cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
    const struct cudaKernelNodeParams *pNodeParams);
__host__ cudaError_t cudaGraphAddMemcpyNode1D(
    cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
    const cudaGraphNode_t *pDependencies, size_t numDependencies, void *dst,
    const void *src, size_t count, enum cudaMemcpyKind kind);
__host__ cudaError_t cudaGraphAddMemsetNode(
    cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
    const cudaGraphNode_t *pDependencies, size_t numDependencies,
    const struct cudaMemsetParams *pMemsetParams);
__host__ cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t *pGraphNode,
                                           cudaGraph_t graph,
                                           const cudaGraphNode_t *pDependencies,
                                           size_t numDependencies);
__host__ cudaError_t cudaGraphAddDependencies(cudaGraph_t graph,
                                              const cudaGraphNode_t *from,
                                              const cudaGraphNode_t *to,
                                              size_t numDependencies);
__host__ cudaError_t cudaGraphExecUpdate(
    cudaGraphExec_t hGraphExec, cudaGraph_t hGraph,
    cudaGraphNode_t *hErrorNode_out,
    enum cudaGraphExecUpdateResult *updateResult_out);

/* ---- interprocess handles, peers, events, queries ---- */
__host__ cudaError_t cudaIpcGetMemHandle(cudaIpcMemHandle_t *handle,
                                         void *devPtr);
__host__ cudaError_t cudaIpcOpenMemHandle(void **devPtr,
                                          cudaIpcMemHandle_t handle,
                                          unsigned int flags);
__host__ cudaError_t cudaIpcCloseMemHandle(void *devPtr);
__host__ cudaError_t cudaIpcGetEventHandle(cudaIpcEventHandle_t *handle,
                                           cudaEvent_t event);
__host__ cudaError_t cudaIpcOpenEventHandle(cudaEvent_t *event,
                                            cudaIpcEventHandle_t handle);
__host__ cudaError_t cudaMemcpyPeerAsync(void *dst, int dstDevice,
                                         const void *src, int srcDevice,
                                         size_t count,
                                         cudaStream_t stream = 0);
__host__ cudaError_t cudaEventRecordWithFlags(cudaEvent_t event,
                                              cudaStream_t stream = 0,
                                              unsigned int flags = 0);
__host__ cudaError_t cudaStreamGetPriority(cudaStream_t hStream,
                                           int *priority);
__host__ cudaError_t cudaStreamGetFlags(cudaStream_t hStream,
                                        unsigned int *flags);
__host__ cudaError_t cudaDeviceGetPCIBusId(char *pciBusId, int len,
                                           int device);
__host__ cudaError_t cudaDeviceGetByPCIBusId(int *device,
                                             const char *pciBusId);
__host__ cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(
    size_t *dynamicSmemSize, const void *func, int numBlocks, int blockSize);
__host__ cudaError_t cudaCtxResetPersistingL2Cache(void);
__host__ cudaError_t cudaInitDevice(int device, unsigned int deviceFlags,
                                    unsigned int flags);
__host__ cudaError_t cudaDeviceFlushGPUDirectRDMAWrites(int target,
                                                        int scope);
}

/* CUDA 11's cudaGraphInstantiate, with an error node and a log. */
static __inline__ __host__ cudaError_t
cudaGraphInstantiate(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                     cudaGraphNode_t *pErrorNode, char *pLogBuffer,
                     size_t bufferSize) {
  (void)pErrorNode, (void)pLogBuffer, (void)bufferSize;
  return ::cudaGraphInstantiate(pGraphExec, graph, 0ull);
}
template <class T>
static __inline__ __host__ cudaError_t
cudaMallocAsync(T **devPtr, size_t size, cudaStream_t stream) {
  return ::cudaMallocAsync((void **)(void *)devPtr, size, stream);
}
template <class T>
static __inline__ __host__ cudaError_t
cudaMallocAsync(T **devPtr, size_t size, cudaMemPool_t memPool,
                cudaStream_t stream) {
  return ::cudaMallocFromPoolAsync((void **)(void *)devPtr, size, memPool,
                                   stream);
}
template <class T>
static __inline__ __host__ cudaError_t
cudaOccupancyAvailableDynamicSMemPerBlock(size_t *dynamicSmemSize, T func,
                                          int numBlocks, int blockSize) {
  return ::cudaOccupancyAvailableDynamicSMemPerBlock(
      dynamicSmemSize, (const void *)func, numBlocks, blockSize);
}

#endif /* HGRD_RUNTIME_GRAPHS_H */
