// neighbour_slot_racy: a real pattern from an application's smoothing
// kernel: each thread stores its value in a shared slot and reads its
// neighbour's slot before the barrier that should separate them.
__global__ void smooth(const float *in, float *out, int n) {
  __shared__ float slot[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  slot[threadIdx.x] = i < n ? in[i] : 0.0f; // want "intra-block write-read race on shared slot with line 10" "intra-warp write-read race on shared slot with line 10"
  float right = 0.0f;
  if (threadIdx.x + 1 < blockDim.x)
    right = slot[threadIdx.x + 1];
  __syncthreads();
  if (i < n)
    out[i] = 0.5f * (slot[threadIdx.x] + right);
}

int main() {
  float *in, *out;
  cudaMalloc(&in, 4096 * sizeof(float));
  cudaMalloc(&out, 4096 * sizeof(float));
  smooth<<<16, 256>>>(in, out, 4096);
  return 0;
}
