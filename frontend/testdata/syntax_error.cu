__global__ void k(int *a) {
  a[threadIdx.x] = undeclared_name;
}
