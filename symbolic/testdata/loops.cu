__global__ void loops(int *a, int n) {
  for (int i = threadIdx.x; i < n; i += 4) // @affine
    a[i] = 0;
  for (int s = 256; s > 0; s >>= 1) // @shift
    a[s] = 1;
}
