// launch_invoke_ok: launches that C++ host code makes through invoke are
// found, with the shape they give.
//
// A function that holds a std::vector, or a call inside a try block, calls
// through LLVM's invoke (an exception may unwind through the vector's
// destructor or into the handler). gather writes out[threadIdx.x] whatever
// its block, so it needs a one-block launch: both of its launches give
// one, with a block no larger than out.
#include <cassert>
#include <cstdlib>
#include <stdexcept>
#include <vector>

__global__ void gather(const float *in, float *out, int stride) {
  out[threadIdx.x] = in[(blockIdx.x * blockDim.x + threadIdx.x) * stride];
}

void gather_on_device(const std::vector<float> &host, int stride) {
  std::vector<float> result(host.size() / stride);
  float *in, *out;
  cudaMalloc(&in, host.size() * sizeof(float));
  cudaMalloc(&out, result.size() * sizeof(float));
  cudaMemcpy(in, host.data(), host.size() * sizeof(float), cudaMemcpyHostToDevice);
  gather<<<1, (int)result.size()>>>(in, out, stride);
  cudaMemcpy(result.data(), out, result.size() * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(in);
  cudaFree(out);
}

int main(int argc, char **argv) {
  int stride = argc > 1 ? atoi(argv[1]) : 2;
  assert(stride >= 1 && stride <= 8);
  try {
    std::vector<float> host(1024, 1.0f);
    gather_on_device(host, stride);
  } catch (const std::bad_alloc &) {
    float *in, *out;
    cudaMalloc(&in, 64 * sizeof(float));
    cudaMalloc(&out, 64 * sizeof(float));
    gather<<<1, 64>>>(in, out, 1);
    return 1;
  }
  return 0;
}
