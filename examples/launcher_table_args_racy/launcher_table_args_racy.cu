// launcher_table_args_racy: launcher_table_args_ok's table, the call
// passing blocks of 128 threads.
//
// The index comes from the command line, so the call may reach every
// launcher of the table, each with 128 threads. tile_sum<64> then has
// threads t and t + 64 of a block write part[t]: a race between warps
// of one block. The tiles of 128 and 256 slots take a slot a thread.
#include <cstdlib>

template <int TILE>
__global__ void tile_sum(float *out, const float *in) {
  __shared__ float part[TILE];
  part[threadIdx.x % TILE] = in[blockIdx.x * blockDim.x + threadIdx.x]; // want "intra-block write-write race on shared part with line 13"
  __syncthreads();
  if (threadIdx.x == 0) {
    float s = 0;
    for (int k = 0; k < blockDim.x && k < TILE; k++)
      s += part[k];
    out[blockIdx.x] = s;
  }
}

template <int TILE>
void launch_sum(float *out, const float *in, int n, int threads) {
  tile_sum<TILE><<<n / threads, threads>>>(out, in);
}

typedef void (*launcher_t)(float *, const float *, int, int);

static launcher_t const launchers[] = {launch_sum<64>, launch_sum<128>, launch_sum<256>};

int main(int argc, char **argv) {
  int which = argc > 1 ? atoi(argv[1]) : 0;
  if (which < 0 || which > 2)
    return 1;
  int n = 1 << 20;
  float *in, *out;
  cudaMalloc(&in, n * sizeof(float));
  cudaMalloc(&out, n / 128 * sizeof(float));
  launchers[which](out, in, n, 128);
  cudaDeviceSynchronize();
  cudaFree(in);
  cudaFree(out);
  return 0;
}
