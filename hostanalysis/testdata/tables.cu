// Launchers called through tables of function pointers and through
// pointers hgrd cannot follow.
#include <cstdlib>

template <int N> __global__ void fromConstTable(int *a) { a[threadIdx.x] = N; }
template <int N> __global__ void fromLocalTable(int *a) { a[threadIdx.x] = N; }
template <int N> __global__ void fromPickedEntry(int *a) { a[threadIdx.x] = N; }
template <int N> __global__ void fromOpaque(int *a) { a[threadIdx.x] = N; }
__global__ void otherType(int *a, long n) { a[threadIdx.x] = n; }

typedef void (*launcher_t)(int *, int);
typedef void (*picked_t)(int *, int, long);
typedef void (*opaque_t)(int *, int, int);

template <int N> void viaConst(int *a, int threads) { fromConstTable<N><<<1, threads>>>(a); }
template <int N> void viaLocal(int *a, int threads) { fromLocalTable<N><<<1, threads>>>(a); }
template <int N> inline void viaPicked(int *a, int threads, long) { fromPickedEntry<N><<<1, threads>>>(a); }
template <int N> void viaOpaque(int *a, int threads, int) { fromOpaque<N><<<1, threads>>>(a); }
void otherLauncher(int *a, long n) { otherType<<<1, 32>>>(a, n); }

// A constant global table, indexed by a value from the command line:
// every entry.
static launcher_t const constTable[] = {viaConst<1>, viaConst<2>};

// A local table that clang fills by copying a constant one, indexed by
// a value from the command line: every entry.
inline launcher_t fromLocal(int i) {
  launcher_t table[] = {viaLocal<1>, viaLocal<2>, viaLocal<3>, viaLocal<4>};
  return table[i];
}

// The same, indexed by a constant, as lut-gemm picks its launcher: the
// entry at that index only; the others are launchers no call reaches.
inline picked_t pick(size_t i) {
  picked_t table[] = {viaPicked<1>, viaPicked<2>, viaPicked<3>, viaPicked<4>,
                      viaPicked<5>, viaPicked<6>, viaPicked<7>, viaPicked<8>};
  return table[i];
}

// A pointer returned by a function hgrd does not follow into: its
// launchers are walked as no call reached them.
__attribute__((noinline)) opaque_t opaque(int i) {
  static opaque_t table[] = {viaOpaque<1>, viaOpaque<2>};
  return table[i];
}

void (*volatile keep)(int *, long) = otherLauncher;

int main(int argc, char **argv) {
  int *a;
  cudaMalloc(&a, 1024 * sizeof(int));
  constTable[atoi(argv[1])](a, 64);
  fromLocal(argc)(a, 128);
  pick(1)(a, 512, 0);
  opaque(argc)(a, 256, 0);
  return 0;
}
