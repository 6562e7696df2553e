// benign_flag_ok: every thread that finds the key sets one flag to 1.
//
// contains stores *found = 1 from every matching thread, with nothing
// ordering the stores: a write-write race between any two threads, but a
// benign one, since both store the same value and the result does not
// depend on their order. hgrd does not report races of equal values by
// default (--report-benign does: see examples/benign_reported). The
// threads only read v, each its own element.
//
// block_tag stores tags[blockIdx.x] = 3 * blockIdx.x + key from every
// thread of a block: a value that is not one constant, but the same for
// every thread that stores to one slot, so again a benign race of equal
// values; blocks store to slots of their own. Race-free.
#define N 1024
#define THREADS 128

__global__ void contains(const int *v, int n, int key, int *found) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && v[i] == key)
    *found = 1;
}

__global__ void block_tag(int key, int *tags) {
  tags[blockIdx.x] = 3 * blockIdx.x + key;
}

int main() {
  int *v, *found, *tags;
  cudaMalloc(&v, N * sizeof(int));
  cudaMalloc(&found, sizeof(int));
  cudaMemset(found, 0, sizeof(int));
  cudaMalloc(&tags, N / THREADS * sizeof(int));
  contains<<<N / THREADS, THREADS>>>(v, N, 42, found);
  block_tag<<<N / THREADS, THREADS>>>(42, tags);
  cudaDeviceSynchronize();
  return 0;
}
