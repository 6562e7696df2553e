// struct_args_racy: struct arguments whose host values make threads
// collide.
//
// The Strided view is made with stride 0: every thread writes data[0].
// The Span's source is its destination shifted by one element, in one
// allocation: thread t reads dst[t + 2], which thread t + 2 writes.
// The Tiles struct, passed through memory, has tiles of 32 elements for
// blocks of 64 threads: neighbouring blocks overlap.
struct Strided {
  float *data;
  int stride, n;
};

struct Span {
  const float *src;
  float *dst;
};

struct Tiles {
  float *base[4];
  int width;
  int pad[7];
};

__global__ void scale_strided(Strided v, float s) {
  if (threadIdx.x < v.n)
    v.data[threadIdx.x * v.stride] *= s; // want "intra-block write-write race on global v \\(field at byte 0\\) with line 27" "intra-warp write-write race on global v \\(field at byte 0\\) with line 27" "intra-block (read-write|write-read) race on global v \\(field at byte 0\\) with line 27" "intra-warp (read-write|write-read) race on global v \\(field at byte 0\\) with line 27"
}

__global__ void shift(Span sp) { sp.dst[threadIdx.x] = sp.src[threadIdx.x + 1]; } // want "intra-block (read-write|write-read) race on global sp \\(field at byte 8\\) with line 30" "intra-warp (read-write|write-read) race on global sp \\(field at byte 8\\) with line 30"

__global__ void fill_tiles(Tiles t) {
  t.base[0][blockIdx.x * t.width + threadIdx.x] = blockIdx.x; // want "inter-block write-write race on global t \\(field at byte 0\\) with line 33"
}

int main() {
  float *a, *b;
  cudaMalloc(&a, 512 * sizeof(float));
  cudaMalloc(&b, 512 * sizeof(float));
  Strided v = {a, 0, 128};
  scale_strided<<<1, 256>>>(v, 0.5f);
  Span sp = {a + 1, a};
  shift<<<1, 256>>>(sp);
  Tiles t = {{b, a, a, a}, 32, {0}};
  fill_tiles<<<8, 64>>>(t);
  return 0;
}
