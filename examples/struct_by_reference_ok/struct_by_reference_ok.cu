// struct_by_reference_ok: a parameter struct that main fills and passes by
// reference to the function that launches, which copies it into the
// launch.
//
// main sets p.rows = 8 and p.chunks = 8 (1000 elements a row, in chunks
// of 128) and calls launch_chunk_sums(p, carry), which stores the carry
// buffer into p, launches a grid of (p.rows, p.chunks) blocks and passes p
// by value. So the kernel's p.chunks is gridDim.y, and block (row, chunk)
// writes carry[row * p.chunks + chunk]: one slot per block. Race-free.
// Without what main stored into p, p.chunks could be smaller than
// gridDim.y and two blocks would share a slot.
#define ROWS 8
#define COLS 1000
#define THREADS 128

struct ScanParams {
  int rows, chunks;
  int row_stride;
  const float *data;
  float *carry;
};

__global__ void chunk_sums(ScanParams p) {
  int row = blockIdx.x, chunk = blockIdx.y;
  int col = chunk * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0 && col < p.row_stride)
    p.carry[row * p.chunks + chunk] = p.data[row * p.row_stride + col];
}

void launch_chunk_sums(ScanParams &p, float *carry) {
  p.carry = carry;
  dim3 grid(p.rows, p.chunks);
  chunk_sums<<<grid, THREADS>>>(p);
  cudaDeviceSynchronize();
}

int main() {
  ScanParams p;
  p.rows = ROWS;
  p.chunks = (COLS + THREADS - 1) / THREADS;
  p.row_stride = COLS;
  float *data, *carry;
  cudaMalloc(&data, ROWS * COLS * sizeof(float));
  cudaMalloc(&carry, ROWS * p.chunks * sizeof(float));
  p.data = data;
  launch_chunk_sums(p, carry);
  return 0;
}
