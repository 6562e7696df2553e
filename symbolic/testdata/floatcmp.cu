// Float equality tests against constants and conversions of constant
// choices (floats_test.go).
__global__ void k(int *out, double x, int c) {
  out[0] = x == 6.0;
  out[1] = x != -1.5;
  double y = c ? 2.0 : -1.5;
  out[2] = (int)y;
  out[3] = x == 0.0;
}
