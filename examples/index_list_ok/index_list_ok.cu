// index_list_ok: work lists of node ids that thrust makes duplicate-free,
// level by level, as graph and logic-synthesis codes build them.
//
// ids is thrust::sequence's 0, 1, ..., n-1. The first list is the nodes
// some outputs name, deduplicated with sort and unique; each later list
// is copy_if's selection of ids whose flag the last level set. Each list
// holds distinct ids, so each thread of visit updates its own node's
// count and flags: no race. Without the host's thrust calls in view, the
// lists' contents are unknown and any two threads could share a node.
#include <thrust/copy.h>
#include <thrust/execution_policy.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/unique.h>

#define THREADS 128

struct isSet {
  __host__ __device__ bool operator()(int flag) const { return flag == 1; }
};

__global__ void visit(const int *list, int *count, int *next, int len) {
  int stride = gridDim.x * blockDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < len; i += stride) {
    int node = list[i];
    count[node] = count[node] + 1;
    next[node] = count[node] < 3;
  }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 100000;
  int outputs = n / 10;
  int *ids, *outs, *list, *count, *next;
  cudaMalloc(&ids, n * sizeof(int));
  cudaMalloc(&outs, outputs * sizeof(int));
  cudaMalloc(&list, n * sizeof(int));
  cudaMalloc(&count, n * sizeof(int));
  cudaMalloc(&next, n * sizeof(int));
  cudaMemset(count, 0, n * sizeof(int));
  cudaMemset(outs, 0, outputs * sizeof(int));
  thrust::sequence(thrust::device, ids, ids + n);

  int *end = thrust::copy(thrust::device, outs, outs + outputs, list);
  thrust::sort(thrust::device, list, end);
  end = thrust::unique(thrust::device, list, end);
  int len = end - list;
  while (len > 0) {
    cudaMemset(next, 0, n * sizeof(int));
    visit<<<(len + THREADS - 1) / THREADS, THREADS>>>(list, count, next, len);
    cudaDeviceSynchronize();
    end = thrust::copy_if(thrust::device, ids, ids + n, next, list, isSet());
    len = end - list;
  }
  return 0;
}
