// value_wrappers_racy: pointers wrapped in small classes returned by value,
// as thrust's device_ptr and device_reference wrap a raw pointer.
//
// The functor of examples/value_wrappers_ok, with the store moved to
// out[i / 2]: threads 2k and 2k + 1, always in one warp, both write
// out[k], different values (2 * in[2k] and 2 * in[2k + 1]). The store is
// inside Ref's operator=, where the race is reported; seen through the
// wrappers, the pointer is the functor's field, not any pointer at all.
#define N 4096
#define THREADS 256

template <typename T> struct Ref {
  T *p;
  __device__ Ref &operator=(T v) {
    *p = v; // want "intra-warp write-write race on global f \\(field at byte 8\\) with line 15"
    return *this;
  }
  __device__ operator T() const { return *p; }
};

template <typename T> struct Ptr {
  T *raw;
  __device__ Ptr operator+(long i) const { return Ptr{raw + i}; }
  __device__ Ref<T> operator*() const { return Ref<T>{raw}; }
};

template <typename T> struct Scale {
  Ptr<T> in, out;
  __device__ void operator()(long i) const { *(out + i / 2) = 2.0f * (T) * (in + i); }
};

template <typename F> __global__ void forEach(F f, long n) {
  long i = blockIdx.x * (long)blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}

int main() {
  float *a, *b;
  cudaMalloc(&a, N * sizeof(float));
  cudaMalloc(&b, N * sizeof(float));
  Scale<float> s{Ptr<float>{a}, Ptr<float>{b}};
  forEach<<<N / THREADS, THREADS>>>(s, N);
  cudaDeviceSynchronize();
  return 0;
}
