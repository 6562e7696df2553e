// hgrd-flags: --report-benign
//
// benign_reported: the kernel of examples/benign_flag_ok with
// --report-benign, which reports write-write races of equal values as
// benign races of their own category: every matching thread stores
// *found = 1, between blocks, between warps and within a warp.
#define N 1024
#define THREADS 128

__global__ void contains(const int *v, int n, int key, int *found) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && v[i] == key)
    *found = 1; // want "inter-block benign write-write race on global found with line 13" "intra-block benign write-write race on global found with line 13" "intra-warp benign write-write race on global found with line 13"
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
