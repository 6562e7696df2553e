// Values a callee writes through a pointer or reference it is passed:
// the last write before a read counts, and a callee's write counts where
// it happens on every way the callee returns to the read.
__global__ void k(float *a, int w, int s) { a[threadIdx.x] = w + s; }

__attribute__((noinline)) bool readHeader(const char *name, unsigned *w);

// Writes w and s only when it returns true.
__attribute__((noinline)) bool load(const char *name, int &w, int &s) {
  unsigned iw = 0;
  if (!readHeader(name, &iw))
    return false;
  w = iw;
  s = (w + 31) / 32 * 32;
  return true;
}

// Writes w only in a loop: the value of its last iteration.
__attribute__((noinline)) void scan(int &w, int n) {
  for (int i = 0; i < n; i++)
    w = i;
}

// Writes w on one way out and not on the other.
__attribute__((noinline)) void maybe(int &w, bool b) {
  if (b)
    w = 64;
}

__attribute__((noinline)) void set(int *w, int v) { *w = v; }

int main(int argc, char **argv) {
  float *a;
  cudaMalloc(&a, 4096);
  int w, s;
  if (!load(argv[1], w, s))
    return 1;
  if (!load(argv[2], w, s))
    return 1;
  k<<<1, 32>>>(a, w, s); // w and s of the second load: s = (w + 31) / 32 * 32

  int t = 0;
  load(argv[3], t, s);   // the result is not tested: t is 0 or what load read
  k<<<1, 32>>>(a, t, s);

  int u = 8;
  scan(u, argc);
  k<<<1, 32>>>(a, u, 0); // unknown

  int v = 8;
  maybe(v, argc > 2);
  k<<<1, 32>>>(a, v, 0); // 8 or 64: unknown

  int x = 1;
  set(&x, 2);
  set(&x, 3);
  k<<<1, 32>>>(a, x, 0); // 3

  int z = 0;
  for (int i = 0; i < argc; i++) {
    set(&z, 5);
    int y = z;             // 5; hgrd keeps it unknown, never 6: set(&z, 6) precedes it only in the previous iteration
    set(&z, 6);
    k<<<1, 32>>>(a, y, z); // y (unknown) and 6
  }
  return 0;
}
