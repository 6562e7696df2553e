// index_list_racy: the work lists of examples/index_list_ok, made without
// what keeps their ids distinct.
//
// The first list is sorted but not deduplicated: two outputs naming one
// node put it in the list twice, and the two threads that read it update
// its count together. The later lists select from a copy of the flags
// themselves (0s and 1s), not from the ids: every selected entry is 1.
// And mark reads a list made distinct by copy_if past its length, where
// the entries of an earlier, longer level are left.
#include <thrust/copy.h>
#include <thrust/execution_policy.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>

#define THREADS 128

struct isSet {
  __host__ __device__ bool operator()(int flag) const { return flag == 1; }
};

__global__ void visit(const int *list, int *count, int *next, int len) {
  int stride = gridDim.x * blockDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < len; i += stride) {
    int node = list[i];
    count[node] = count[node] + 1; // want "inter-block write-write race on global count with line 25" "intra-block write-write race on global count with line 25" "intra-warp write-write race on global count with line 25" "inter-block write-read race on global count with line 25" "intra-block write-read race on global count with line 25" "intra-warp write-read race on global count with line 25" "inter-block write-read race on global count with line 26" "intra-block write-read race on global count with line 26" "intra-warp write-read race on global count with line 26"
    next[node] = count[node] < 3; // want "inter-block write-write race on global next with line 26" "intra-block write-write race on global next with line 26" "intra-warp write-write race on global next with line 26"
  }
}

__global__ void mark(const int *list, int *seen, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    seen[list[i]] = i; // want "inter-block write-write race on global seen with line 33" "intra-block write-write race on global seen with line 33" "intra-warp write-write race on global seen with line 33"
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
  int len = end - list;
  while (len > 0) {
    cudaMemset(next, 0, n * sizeof(int));
    visit<<<(len + THREADS - 1) / THREADS, THREADS>>>(list, count, next, len);
    cudaDeviceSynchronize();
    end = thrust::copy_if(thrust::device, next, next + n, next, list, isSet());
    len = end - list;
  }
  end = thrust::copy_if(thrust::device, ids, ids + n, count, list, isSet());
  mark<<<(n + THREADS - 1) / THREADS, THREADS>>>(list, next, n);
  return 0;
}
