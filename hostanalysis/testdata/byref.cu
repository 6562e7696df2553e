// Host memory across calls: a struct filled by the caller and passed by
// reference to the function that launches (read through the reference,
// copied into the launch by memcpy), a callee that writes some of its
// fields, pointers passed down, and an entry function whose parameter
// memory is unknown but read consistently.
struct Params {
  int rows, chunks;
  float *data;
  long seed;
};

__global__ void kernel(Params p) { p.data[blockIdx.y * p.chunks + blockIdx.x] = p.rows + p.seed; }

__attribute__((noinline)) void reseed(Params *p, long s) { p->seed = s; }

__attribute__((noinline)) void launch(Params &p, float *data) {
  p.data = data;
  dim3 grid(p.chunks, p.rows);
  kernel<<<grid, 32>>>(p);
}

void library_entry(Params &q) {
  dim3 grid(q.chunks, q.rows);
  kernel<<<grid, 32>>>(q);
}

int main() {
  float *d;
  cudaMalloc(&d, 1024 * sizeof(float));
  Params p;
  p.rows = 4;
  p.chunks = 1000 / 128 + 1;
  p.seed = 0;
  reseed(&p, 7);
  launch(p, d);
  return 0;
}
