// launch_invoke_racy: a launch made through invoke, with a shape that
// makes the kernel race.
//
// gather writes out[threadIdx.x] whatever its block; the launch in the
// try block gives it four blocks, and they all write out[0 .. 255].
#include <cstdlib>
#include <stdexcept>
#include <vector>

__global__ void gather(const float *in, float *out) {
  out[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x]; // want "inter-block write-write race on global out with line 11"
}

int main() {
  try {
    std::vector<float> host(1024, 1.0f);
    float *in, *out;
    cudaMalloc(&in, host.size() * sizeof(float));
    cudaMalloc(&out, 256 * sizeof(float));
    gather<<<4, 256>>>(in, out);
  } catch (const std::bad_alloc &) {
    return 1;
  }
  return 0;
}
