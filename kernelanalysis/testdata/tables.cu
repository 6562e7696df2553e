// Loads from constant tables: their values are the initialisers'.
__constant__ int offsets[4] = {0, 64, 128, 192};
__constant__ int written_by_host[2] = {1, 2};
static __device__ const short shorts[3] = {7, -1, 7};
struct Pair { int a; float b; };
static __device__ const Pair pairs[2] = {{3, 1.5f}, {4, 2.5f}};

__global__ void tables(int *out) {
  const int local[3] = {5, 6, 7};
  out[offsets[threadIdx.x % 4]] = 0;
  out[local[threadIdx.y]] = 1;
  out[shorts[threadIdx.z]] = 2;
  out[pairs[blockIdx.x].a] = 3;
  out[written_by_host[0]] = 4;
}

int main() {
  int h[2] = {3, 4};
  cudaMemcpyToSymbol(written_by_host, h, sizeof(h));
  return 0;
}
