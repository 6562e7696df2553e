// This file holds the program that tells whether a CUDA toolkit's headers
// work with clang-14.

package cuda

// ToolkitProbe is a small CUDA program that the headers of any usable
// toolkit compile, on both sides: a kernel using the built-in variables,
// an atomic and a barrier, and host code that allocates and launches it.
const ToolkitProbe = `__global__ void k(int *p) { atomicAdd(p, threadIdx.x); __syncthreads(); }
int main() { int *d; cudaMalloc(&d, sizeof(int)); k<<<1, 32>>>(d); return cudaDeviceSynchronize(); }
`
