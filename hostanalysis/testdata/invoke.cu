// Launches that the host code makes through invoke: in a function that
// holds a std::vector (its destructor is a cleanup) and in a try block.
#include <cassert>
#include <cstdlib>
#include <stdexcept>
#include <vector>

__global__ void fill(float *out, int n) { out[threadIdx.x] = n; }
__global__ void retry(float *out) { out[threadIdx.x] = 0; }

void run(int n) {
  std::vector<float> host(n);
  float *d;
  cudaMalloc(&d, n * sizeof(float));
  assert(n <= 1024);
  fill<<<1, n>>>(d, n);
  cudaMemcpy(host.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost);
}

int main(int argc, char **argv) {
  float *d;
  cudaMalloc(&d, 64 * sizeof(float));
  try {
    run(atoi(argv[1]));
  } catch (const std::exception &e) {
    retry<<<1, 64>>>(d);
  }
  return 0;
}
