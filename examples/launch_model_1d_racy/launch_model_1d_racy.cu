// launch_model_1d_racy: library kernels with no host code that launches
// them and no --grid-dim or --block-dim, racing even under the launch
// model's one-dimensional shape.
//
// block_sum adds every thread's element into sum[blockIdx.x] with a plain
// load and store: threads of one block race on it, in different warps
// (threads 0 and 32) and in one warp (threads 0 and 1). Blocks use
// distinct sums: no inter-block race.
//
// count reads no block index at all: every block increments a[threadIdx.x],
// so blocks race with each other if the kernel is launched with more than
// one (inter-block write-write and read-write). The report says that the kernel looks
// meant for one block, which --grid-dim=1 or the launching code settles.

__global__ void block_sum(const float *v, float *sum) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  sum[blockIdx.x] = sum[blockIdx.x] + v[i]; // want "intra-block write-write race on global sum with line 17" "intra-warp write-write race on global sum with line 17" "intra-block (read-write|write-read) race on global sum with line 17" "intra-warp (read-write|write-read) race on global sum with line 17"
}

__global__ void count(int *a) {
  a[threadIdx.x] += 1; // want "inter-block write-write race on global a with line 21" "inter-block (read-write|write-read) race on global a with line 21"
}
