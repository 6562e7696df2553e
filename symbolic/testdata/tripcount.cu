// Loops whose trip counts TripCount reads (or must not).
__global__ void counted(int *a, int lo, int n) {
  for (int i = lo; i < n; ++i) // lo < n ? n - lo : 0
    a[i] = 0;
}

__global__ void countedUnsigned(int *a, unsigned n) {
  for (unsigned i = 0; n > i; i++) // the bound first, unsigned
    a[i] = 0;
}

__global__ void inclusive(int *a, int lo, int n) {
  for (int i = lo; i <= n; ++i) // lo <= n ? n - lo + 1 : 0
    a[i] = 0;
}

__global__ void exitTest(int *a, int n) {
  for (int i = 0;; ++i) { // stays on the false edge of i >= n
    if (i >= n)
      break;
    a[i] = 0;
  }
}

__global__ void breaks(int *a, int n) {
  for (int i = 0; i < n; ++i) { // leaves from its body too
    if (a[i] < 0)
      break;
    a[i] = 0;
  }
}

__global__ void strided(int *a, int n) {
  for (int i = 0; i < n; i += 2) // steps by 2
    a[i] = 0;
}

__global__ void nested(int *a, int n, int m) {
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < m; ++j) // the same in every iteration of i
      a[i * m + j] = 0;
    for (int j = 0; j < i; ++j) // grows with i
      a[j] = 1;
  }
}

__global__ void nestedIndex(int *a, int n, int m) {
  int idx = 0;
  for (int i = 0; i < n; ++i) { // idx = k * m at the top of iteration k
    for (int j = 0; j < m; ++j) {
      a[idx] = 0;
      idx += 1;
    }
  }
}
