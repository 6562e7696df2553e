// launcher_table_args_ok: a launcher picked from a table of function
// pointers by a value read at run time, the block size passed by the
// call.
//
// main calls launchers[which](out, in, n, 64): the index comes from
// the command line, so the call may reach every launcher of the table,
// and each launches its tile_sum instantiation with the 64 threads the
// call passes. A block of 64 threads writes 64 distinct slots of a
// tile of 64, 128 or 256: race-free. Were the launchers checked as
// functions no call reaches, their thread count would be unknown, and
// a block of more than TILE threads would make threads t and t + TILE
// write one slot. launcher_table_args_racy passes 128 threads.
#include <cstdlib>

template <int TILE>
__global__ void tile_sum(float *out, const float *in) {
  __shared__ float part[TILE];
  part[threadIdx.x % TILE] = in[blockIdx.x * blockDim.x + threadIdx.x];
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
  cudaMalloc(&out, n / 64 * sizeof(float));
  launchers[which](out, in, n, 64);
  cudaDeviceSynchronize();
  cudaFree(in);
  cudaFree(out);
  return 0;
}
