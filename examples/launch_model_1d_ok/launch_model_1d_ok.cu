// launch_model_1d_ok: a library kernel with no host code that launches it
// and no --grid-dim or --block-dim: hgrd's launch model decides the shape.
//
// scale reads only threadIdx.x, blockIdx.x and blockDim.x: it is written
// for one-dimensional launches, so blockDim.y, blockDim.z, gridDim.y and
// gridDim.z are taken as 1. Linear thread indices do not wrap: the grid's
// threads along x fit in an int. Then i = blockIdx.x * blockDim.x +
// threadIdx.x is distinct for every thread and each stores its own v[i]:
// race-free. (With --any-launch, two threads that differ only in
// threadIdx.y, or a grid of more than 2^32 threads, share an i: see
// examples/any_launch_racy.)

__global__ void scale(float *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    v[i] = 2.0f * v[i];
}
