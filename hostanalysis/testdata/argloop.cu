#include <stdio.h>
#include <stdlib.h>
#include <string.h>
__global__ void k(int *a, int n, int mode, int w) { a[n + mode + w] = 0; }

// Sizes set from argv in an argument loop are unknowns at the launch after
// it, but every value they can hold is either the one they start with or
// one that passed the check after its assignment: n % 32 == 0 and n > 0
// hold at the launch. mode is one of its two constants. w is checked on
// one path and not on the other, so nothing is known of it.
int main(int argc, char **argv) {
  int n = 64, mode = 0, w = 8;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "-n") == 0) {
      n = atoi(argv[++i]);
      if (n % 32 != 0 || n <= 0) {
        fprintf(stderr, "n must be a positive multiple of 32\n");
        exit(1);
      }
    } else if (strcmp(argv[i], "-m") == 0) {
      mode = 1;
    } else if (strcmp(argv[i], "-w") == 0) {
      w = atoi(argv[++i]);
      if (w < 0)
        exit(1);
    } else if (strcmp(argv[i], "-W") == 0) {
      w = atoi(argv[++i]);
    }
  }
  int *a;
  cudaMalloc(&a, 4 * n);
  k<<<n / 32, 32>>>(a, n, mode, w);
  return 0;
}
