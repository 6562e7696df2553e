// global_scheme_ok: a simulation's scheme kept in a double at file scope,
// as miniWeather keeps its data_spec_int: main sets it once to a
// constant, and each step launches the injection kernel only for one
// scheme and passes the scheme, converted to int, to the smoothing
// kernel, which writes its right neighbour's cell for another scheme.
//
// Race-free: the scheme is always THERMAL (2.0), so inject never runs
// (its two lanes per cell would race) and smooth never takes the
// branch that writes a[i + 1]. hgrd takes a float or double global that
// the file only sets to constants to hold one of those values, tests it
// against constants by their bit patterns (== and != against a constant
// other than zero and NaN), and converts those values to int exactly.
// Without that, the scheme would be unknown and both kernels would look
// racy.
const int SCHEME_THERMAL = 2;
const int SCHEME_MOUNTAIN = 3;
const int SCHEME_INJECTION = 6;

double scheme;

__global__ void inject(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i / 2] = i;
}

__global__ void smooth(float *a, int n, int s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    a[i] = 1.0f;
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
  scheme = SCHEME_THERMAL;
  int n = 1 << 20;
  float *a;
  cudaMalloc(&a, (n + 1) * sizeof(float));
  for (int t = 0; t < 10; t++)
    step(a, n);
  cudaDeviceSynchronize();
  return 0;
}
