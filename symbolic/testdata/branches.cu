// A kernel for the golden test: branches that merge, a division, a
// minimum, a select and a 2-D index.
__global__ void branches(int *a, int n, int m) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = threadIdx.y;
  int v;
  if (x < n)
    v = x / m;
  else
    v = n - 1;
  int w = min(v, 64);
  if (y > 0 && w >= 0)
    a[y * n + w] = x > 7 ? v : -v;
}
