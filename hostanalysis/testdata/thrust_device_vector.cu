// thrust (Debian's libthrust-dev) with the prelude: a device_vector filled
// on construction and squared in place by thrust::transform. Both
// algorithms launch thrust's parallel-for kernel from host code.
#include <thrust/device_vector.h>
#include <thrust/transform.h>

struct square {
  __host__ __device__ int operator()(int x) const { return x * x; }
};

int main() {
  thrust::device_vector<int> v(1000, 3);
  thrust::transform(v.begin(), v.end(), v.begin(), square());
  return 0;
}
