// Loads from the host's own buffers read back what the host stored.
#include <cstdlib>

__global__ void k(int a, int b) {}

int opaque(int);
void consume(int *);

static int alignUp(int n) {
  int mod = n % 32;
  return mod ? n + 32 - mod : n;
}

// Lockstep: every run that stores a width stores its stride at the same
// index, so a launch's width and stride are one level's (one choice).
void lockstep(int levels, int width) {
  int *pw = new int[levels];
  int *ps = new int[levels];
  pw[levels - 1] = width;
  ps[levels - 1] = alignUp(width);
  for (int l = levels - 1; l > 0; --l) {
    int nw = pw[l] / 2;
    pw[l - 1] = nw;
    ps[l - 1] = alignUp(nw);
  }
  for (int l = 0; l < levels; l++)
    k<<<pw[l], 32>>>(pw[l], ps[l]);
  delete[] pw;
  delete[] ps;
}

// Not lockstep: the second array is stored only on one arm, so each
// read chooses on its own.
void apart(int n, int c) {
  int *a = new int[n];
  int *b = new int[n];
  for (int i = 0; i < n; i++) {
    a[i] = i;
    if (c)
      b[i] = 2 * i;
  }
  k<<<1, 32>>>(a[n - 1], b[n - 1]);
  delete[] a;
  delete[] b;
}

// Escaped: a call may write the buffer, so its contents are unknown.
void escaped(int n) {
  int *a = (int *)malloc(n * sizeof(int));
  a[0] = 7;
  consume(a);
  k<<<1, 32>>>(a[0], 0);
  free(a);
}

// Between: the launch runs after the width of its run is stored and
// before the stride is, so the stride it reads may be an older one.
void between(int n, int c) {
  int *pw = new int[n];
  int *ps = new int[n];
  for (int i = 0; i < n; i++) {
    pw[i] = opaque(i);
    if (c)
      k<<<1, 32>>>(pw[i], ps[i]);
    ps[i] = alignUp(pw[i]);
  }
  delete[] pw;
  delete[] ps;
}

int main(int argc, char **argv) {
  int n = atoi(argv[1]);
  lockstep(n, atoi(argv[2]));
  apart(n, argc);
  escaped(n);
  between(n, argc);
  return 0;
}
