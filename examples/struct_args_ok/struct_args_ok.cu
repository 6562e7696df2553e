// struct_args_ok: struct arguments passed by value keep what the host
// put in their fields.
//
// A Strided view's stride and length are the host's (2 and 128): threads
// write every other element, never the same one. A Span pair's two
// pointers are two allocations, as the host made them. Both structs are
// small enough that the host passes them split into registers; a Tiles
// struct is large and passed through memory, and its tile width (64)
// keeps blocks apart.
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
    v.data[threadIdx.x * v.stride] *= s;
}

__global__ void shift(Span sp) { sp.dst[threadIdx.x] = sp.src[threadIdx.x + 1]; }

__global__ void fill_tiles(Tiles t) {
  t.base[0][blockIdx.x * t.width + threadIdx.x] = blockIdx.x;
}

int main() {
  float *a, *b;
  cudaMalloc(&a, 512 * sizeof(float));
  cudaMalloc(&b, 512 * sizeof(float));
  Strided v = {a, 2, 128};
  scale_strided<<<1, 256>>>(v, 0.5f);
  Span sp = {a, b};
  shift<<<1, 256>>>(sp);
  Tiles t = {{b, a, a, a}, 64, {0}};
  fill_tiles<<<8, 64>>>(t);
  return 0;
}
