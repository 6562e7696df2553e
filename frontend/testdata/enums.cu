// Kernels with parameters of enumeration type.
enum Mode { ROW, COL, DIAG };
namespace ns {
enum class Dir : int { Up = -1, Down = 4 };
struct Options {
  enum Level { Low = 10, High = 20 };
};
} // namespace ns
enum Flags { F_A = 1, F_B = 2, F_C = 4 };

__global__ void modes(int *a, Mode m, ns::Dir d, Flags f, unsigned n, ns::Options::Level l) {
  a[threadIdx.x] = m + (int)d + f + n + l;
}

namespace ns {
__global__ void nested(int *a, const Dir d) { a[threadIdx.x] = (int)d; }
} // namespace ns

__global__ void plain(int *a, int n) { a[threadIdx.x] = n; }
