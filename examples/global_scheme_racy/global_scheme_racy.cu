// global_scheme_racy: global_scheme_ok where the command line picks the
// scheme: INJECTION with two arguments, MOUNTAIN with one, THERMAL with
// none.
//
// With INJECTION, inject runs, and lanes 2k and 2k + 1 of a warp write
// cell k with different values: a write-write race within a warp (a
// block's 256 threads pair up inside their warps, so no pair spans two
// warps or two blocks). With MOUNTAIN, smooth's thread i writes a[i + 1],
// which thread i + 1 writes with a different value: races within a warp,
// across warps (threads 31 and 32) and across blocks (255 and 256).
const int SCHEME_THERMAL = 2;
const int SCHEME_MOUNTAIN = 3;
const int SCHEME_INJECTION = 6;

double scheme;

__global__ void inject(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i / 2] = i; // want "intra-warp write-write race on global a with line 20"
}

__global__ void smooth(float *a, int n, int s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    a[i] = 1.0f; // want "inter-block write-write race on global a with line 28" "intra-block write-write race on global a with line 28" "intra-warp write-write race on global a with line 28"
    if (s == SCHEME_MOUNTAIN)
      a[i + 1] = 2.0f;
  }
}

void step(float *a, int n) {
  if (scheme == SCHEME_INJECTION)
    inject<<<n / 256, 256>>>(a, n);
  smooth<<<n / 256, 256>>>(a, n, scheme);
}

int main(int argc, char **argv) {
  if (argc > 2)
    scheme = SCHEME_INJECTION;
  else if (argc > 1)
    scheme = SCHEME_MOUNTAIN;
  else
    scheme = SCHEME_THERMAL;
  int n = 1 << 20;
  float *a;
  cudaMalloc(&a, (n + 1) * sizeof(float));
  for (int t = 0; t < 10; t++)
    step(a, n);
  cudaDeviceSynchronize();
  return 0;
}
