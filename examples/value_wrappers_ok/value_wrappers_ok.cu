// value_wrappers_ok: pointers wrapped in small classes returned by value,
// as thrust's device_ptr and device_reference wrap a raw pointer.
//
// forEach applies a functor holding two such wrappers to every index, the
// way thrust::transform's kernel does. After inlining, the wrappers live
// in registers: each is built with insertvalue and taken apart with
// extractvalue, and the raw pointer that reaches the store is the field
// of the by-value functor. Thread i writes out[i] and reads in[i], both
// separate allocations: no race.
#define N 4096
#define THREADS 256

template <typename T> struct Ref {
  T *p;
  __device__ Ref &operator=(T v) {
    *p = v;
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
  __device__ void operator()(long i) const { *(out + i) = 2.0f * (T) * (in + i); }
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
