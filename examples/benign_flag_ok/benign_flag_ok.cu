// benign_flag_ok: every thread that finds the key sets one flag to 1.
//
// contains stores *found = 1 from every matching thread, with nothing
// ordering the stores: a write-write race between any two threads, but a
// benign one, since both store the same value and the result does not
// depend on their order. hgrd does not report races of equal values by
// default (--report-benign does: see examples/benign_reported). The
// threads only read v, each its own element. Race-free.
#define N 1024
#define THREADS 128

__global__ void contains(const int *v, int n, int key, int *found) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && v[i] == key)
    *found = 1;
}

int main() {
  int *v, *found;
  cudaMalloc(&v, N * sizeof(int));
  cudaMalloc(&found, sizeof(int));
  cudaMemset(found, 0, sizeof(int));
  contains<<<N / THREADS, THREADS>>>(v, N, 42, found);
  cudaDeviceSynchronize();
  return 0;
}
