// Kernel parameters passed by value: small structs that the host ABI
// splits into several stub parameters, a large one passed by pointer,
// scalars after them, and a struct through cudaLaunchKernel's array.
struct Pair { float *a, *b; };
struct View { float *data; int stride, n; };
struct Big { float *p[4]; int n[8]; };

__global__ void pair(Pair p, int after) { p.b[threadIdx.x] = p.a[threadIdx.x] + after; }
__global__ void view(View v, int after) { v.data[threadIdx.x * v.stride] = after + v.n; }
__global__ void big(int before, Big g) { g.p[1][threadIdx.x] = g.n[3] + before; }

int main() {
  float *x, *y;
  cudaMalloc(&x, 256 * sizeof(float));
  cudaMalloc(&y, 256 * sizeof(float));
  Pair p = {x, y + 1};
  pair<<<1, 256>>>(p, 7);
  View v = {x, 2, 128};
  view<<<1, 128>>>(v, 9);
  Big g = {{x, y, x, y}, {0, 1, 2, 3, 4, 5, 6, 7}};
  big<<<1, 64>>>(5, g);
  void *args[] = {&v, &p};
  cudaLaunchKernel((const void *)view, dim3(1), dim3(32), args, 0, 0);
  return 0;
}
