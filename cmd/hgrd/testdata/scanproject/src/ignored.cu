// Two inter-block races: the first is a race its author accepts (the
// last block's mark is enough), silenced by an hgrd:ignore comment; the
// second is not.
#define THREADS 32
#define BLOCKS 4

__global__ void fill(int *done, int *out) {
  // hgrd:ignore any block's mark will do
  done[0] = blockIdx.x;
  out[threadIdx.x] = blockIdx.x; // want "inter-block write-write race on global out with line 10"
}

int main() {
  int *done, *out;
  cudaMalloc(&done, sizeof(int));
  cudaMalloc(&out, THREADS * sizeof(int));
  fill<<<BLOCKS, THREADS>>>(done, out);
  cudaDeviceSynchronize();
  return 0;
}
