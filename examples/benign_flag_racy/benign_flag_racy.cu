// benign_flag_racy: the flag of examples/benign_flag_ok, written with
// values that differ between threads, and read.
//
// position stores *where = i, each matching thread its own index: two
// threads store different values, so the order decides the result, a
// write-write race of every kind (threads 0 and 128 are in different
// blocks, 0 and 32 in different warps, 0 and 1 in one warp).
//
// first_match stores *found = 1, the same value everywhere, but also reads
// *found before: a read against a write races whatever the values.
#define N 1024
#define THREADS 128

__global__ void position(const int *v, int n, int key, int *where) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && v[i] == key)
    *where = i; // want "inter-block write-write race on global where with line 17" "intra-block write-write race on global where with line 17" "intra-warp write-write race on global where with line 17"
}

__global__ void first_match(const int *v, int n, int key, int *found) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && v[i] == key && *found == 0) // want "inter-block read-write race on global found with line 23" "intra-block read-write race on global found with line 23" "intra-warp read-write race on global found with line 23"
    *found = 1;
}

int main() {
  int *v, *where, *found;
  cudaMalloc(&v, N * sizeof(int));
  cudaMalloc(&where, sizeof(int));
  cudaMalloc(&found, sizeof(int));
  position<<<N / THREADS, THREADS>>>(v, N, 42, where);
  first_match<<<N / THREADS, THREADS>>>(v, N, 42, found);
  cudaDeviceSynchronize();
  return 0;
}
