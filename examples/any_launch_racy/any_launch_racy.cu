// hgrd-flags: --any-launch
//
// any_launch_racy: the kernel of examples/launch_model_1d_ok checked for
// every launch shape.
//
// --any-launch drops the launch model's assumptions: blockDim.y and
// gridDim.y may exceed 1 although scale never reads them, and the grid may
// have more threads along x than an int holds. Two threads that differ
// only in threadIdx.y compute the same i = blockIdx.x * blockDim.x +
// threadIdx.x and double the same v[i], in one warp (blockDim.x < 32) or
// in two; two blocks that differ only in blockIdx.y do the same. Each kind
// is a write-write race (the second thread may read either value, so the
// two may store different ones) and a read-write race.

__global__ void scale(float *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    v[i] = 2.0f * v[i]; // want "inter-block write-write race on global v with line 18" "intra-block write-write race on global v with line 18" "intra-warp write-write race on global v with line 18" "inter-block (read-write|write-read) race on global v with line 18" "intra-block (read-write|write-read) race on global v with line 18" "intra-warp (read-write|write-read) race on global v with line 18"
}
