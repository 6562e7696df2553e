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
//
// block_sample stores samples[blockIdx.x] = v[i] from every thread of a
// block: the elements of v are unknown to hgrd and may differ, so two
// threads of a block may store different values, an intra-block and an
// intra-warp write-write race (blocks store to slots of their own).
#define N 1024
#define THREADS 128

__global__ void position(const int *v, int n, int key, int *where) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && v[i] == key)
    *where = i; // want "inter-block write-write race on global where with line 22" "intra-block write-write race on global where with line 22" "intra-warp write-write race on global where with line 22"
}

__global__ void first_match(const int *v, int n, int key, int *found) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && v[i] == key && *found == 0) // want "inter-block read-write race on global found with line 28" "intra-block read-write race on global found with line 28" "intra-warp read-write race on global found with line 28"
    *found = 1;
}

__global__ void block_sample(const int *v, int *samples) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  samples[blockIdx.x] = v[i]; // want "intra-block write-write race on global samples with line 33" "intra-warp write-write race on global samples with line 33"
}

int main() {
  int *v, *where, *found, *samples;
  cudaMalloc(&v, N * sizeof(int));
  cudaMalloc(&where, sizeof(int));
  cudaMalloc(&found, sizeof(int));
  position<<<N / THREADS, THREADS>>>(v, N, 42, where);
  cudaMalloc(&samples, N / THREADS * sizeof(int));
  first_match<<<N / THREADS, THREADS>>>(v, N, 42, found);
  block_sample<<<N / THREADS, THREADS>>>(v, samples);
  cudaDeviceSynchronize();
  return 0;
}
