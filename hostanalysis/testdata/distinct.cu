// Index lists that thrust makes distinct, and ways they stop being so.
#include <thrust/copy.h>
#include <thrust/reduce.h>
#include <thrust/remove.h>
#include <thrust/execution_policy.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/transform.h>
#include <thrust/unique.h>

struct isSet {
  __host__ __device__ bool operator()(int f) const { return f == 1; }
};
struct twice {
  __host__ __device__ int operator()(int x) const { return 2 * x; }
};
struct near {
  __host__ __device__ bool operator()(int a, int b) const { return a / 2 == b / 2; }
};

__global__ void afterSequence(const int *list, int n) {}
__global__ void inLoop(const int *list, int n) {}
__global__ void afterUnique(const int *list, int n) {}
__global__ void sortedOnly(const int *list, int n) {}
__global__ void uniqueNear(const int *list, int n) {}
__global__ void afterTransform(const int *list, int n) {}
__global__ void afterMemset(const int *list, int n) {}
__global__ void afterLaunch(const int *list, int n) {}
__global__ void intoOffset(const int *list, int n) {}
__global__ void throughAlias(const int *list, int n) {}
__global__ void afterReduce(const int *list, int n) {}
__global__ void afterRemove(const int *list, int n) {}
__global__ void sortedValues(const int *list, int n) {}
__global__ void inShrinking(const int *list, int n) {}

int main(int argc, char **argv) {
  int n = argc;
  int *ids, *flags, *list, *other;
  cudaMalloc(&ids, n * sizeof(int));
  cudaMalloc(&flags, n * sizeof(int));
  cudaMalloc(&list, n * sizeof(int));
  cudaMalloc(&other, n * sizeof(int));
  thrust::sequence(thrust::device, ids, ids + n);
  afterSequence<<<1, 32>>>(ids, n);

  int *end = thrust::copy_if(thrust::device, ids, ids + n, flags, list, isSet());
  int len = end - list;
  while (len > 0) {
    inLoop<<<1, 32>>>(list, len);
    end = thrust::copy_if(thrust::device, ids, ids + n, flags, list, isSet());
    len = end - list;
  }

  end = thrust::copy(thrust::device, flags, flags + n, other);
  thrust::sort(thrust::device, other, end);
  sortedOnly<<<1, 32>>>(other, end - other);
  int *uend = thrust::unique(thrust::device, other, end);
  afterUnique<<<1, 32>>>(other, uend - other);
  afterLaunch<<<1, 32>>>(other, uend - other);

  thrust::sort(thrust::device, flags, flags + n);
  int *nend = thrust::unique(thrust::device, flags, flags + n, near());
  uniqueNear<<<1, 32>>>(flags, nend - flags);

  thrust::transform(thrust::device, ids, ids + n, ids, twice());
  afterTransform<<<1, 32>>>(ids, n);

  thrust::sequence(thrust::device, list, list + n);
  cudaMemset(list, 0, sizeof(int));
  afterMemset<<<1, 32>>>(list, n);

  thrust::sequence(thrust::device, ids, ids + n);
  end = thrust::copy_if(thrust::device, ids, ids + n, flags, list + 1, isSet());
  intoOffset<<<1, 32>>>(list, end - list);

  int *second;
  cudaMalloc(&second, sizeof(int));
  thrust::sequence(thrust::device, list, list + n);
  second = list;
  thrust::transform(thrust::device, second, second + n, second, twice());
  throughAlias<<<1, 32>>>(list, n);

  thrust::sequence(thrust::device, list, list + n);
  int total = thrust::reduce(thrust::device, list, list + n);
  afterReduce<<<1, 32>>>(list, n + 0 * total);
  int *rend = thrust::remove_if(thrust::device, list, list + n, flags, isSet());
  afterRemove<<<1, 32>>>(list, rend - list);
  thrust::sort_by_key(thrust::device, flags, flags + (rend - list), list);
  sortedValues<<<1, 32>>>(list, rend - list);

  thrust::sequence(thrust::device, list, list + n);
  int remain = n;
  while (remain > 0) {
    inShrinking<<<1, 32>>>(list, remain);
    int *kept = thrust::remove_if(thrust::device, list, list + remain, flags, isSet());
    remain = kept - list;
  }
  return 0;
}
