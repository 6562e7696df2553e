// Indices whose arithmetic the IR does or does not promise is free of
// signed wrap (Access.Unpromised).

// int arithmetic is nsw: every index is promised.
__global__ void rowMajor(float *a, int cols) {
  int row = blockIdx.y;
  int col = threadIdx.x;
  a[row * cols + col] = 0; // @rowMajor promised
}

// blockIdx.x * blockDim.x + threadIdx.x is unsigned arithmetic.
__global__ void global(float *a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = 0; // @global the global index is not promised
}

// c += w on every iteration is nsw: its closed form is promised.
__global__ void planes(float *a, int w, int layers) {
  int c = threadIdx.x;
  for (int k = 0; k < layers; k++) {
    a[c] = 0; // @planes promised
    c += w;
  }
}

// Unsigned arithmetic throughout: the index is an unsigned conversion,
// zero-extended, and not read as an int index at all.
__global__ void hashed(float *a, unsigned h) {
  unsigned i = h * 2654435761u;
  a[i % 1024] = 0; // @hashed no sign-extended index
}
