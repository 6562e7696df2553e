// struct_by_reference_racy: a parameter struct that main fills and passes
// by reference to the function that launches; the blocks of a row chain
// their carries through global memory.
//
// As in struct_by_reference_ok, p.chunks is gridDim.y (8), and block (row,
// chunk) writes carry[row * p.chunks + chunk]. But block (row, chunk)
// also reads the carry of chunk - 1, which block (row, chunk - 1) of the
// same launch writes: nothing orders two blocks, so the read may come
// before the write or after it (inter-block). Each block writes its own
// slot, so no two writes meet.
#define ROWS 8
#define COLS 1000
#define THREADS 128

struct ScanParams {
  int rows, chunks;
  int row_stride;
  const float *data;
  float *carry;
};

__global__ void chained_sums(ScanParams p) {
  int row = blockIdx.x, chunk = blockIdx.y;
  int col = chunk * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0 && col < p.row_stride) {
    float before = chunk > 0 ? p.carry[row * p.chunks + chunk - 1] : 0.0f; // want "inter-block (read-write|write-read) race on global p \\(field at byte 24\\) with line 27"
    p.carry[row * p.chunks + chunk] = before + p.data[row * p.row_stride + col];
  }
}

void launch_chained_sums(ScanParams &p, float *carry) {
  p.carry = carry;
  dim3 grid(p.rows, p.chunks);
  chained_sums<<<grid, THREADS>>>(p);
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
  launch_chained_sums(p, carry);
  return 0;
}
