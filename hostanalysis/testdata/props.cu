__global__ void k(float *a, int n) { a[threadIdx.x] = n; }

// A helper that only reads its reference keeps the variable's value; after
// one that writes it, the variable holds what the helper wrote.
template <typename T> __attribute__((noinline)) int peek(const T &x) { return x > 0; }
__attribute__((noinline)) void poke(int &x) { x = 7; }
__attribute__((noinline)) int show(const cudaDeviceProp &p) { return p.major; }

int main() {
  cudaDeviceProp props;
  cudaGetDeviceProperties(&props, 0);
  show(props);                           // only reads: props stays known
  int warp = props.warpSize;             // 32 on every device
  int most = props.maxThreadsPerBlock;   // 1024 on every device
  int sms = props.multiProcessorCount;   // varies: unknown
  peek(warp);
  float *a;
  cudaMalloc(&a, 4096);
  k<<<1, warp>>>(a, most);
  k<<<1, 64>>>(a, sms);
  int changed = 32;
  poke(changed);                         // 7 from here on
  k<<<1, changed>>>(a, 0);

  cudaDeviceProp other;
  cudaGetDeviceProperties(&other, 0);
  other.warpSize = 64;                   // written by the program: not known
  k<<<1, other.warpSize>>>(a, 0);
  return 0;
}
