// host_contents_racy: what the host stores into a buffer it copies to the
// device says the blocks or threads collide, or says nothing.
//
// As in host_contents_ok, each kernel writes at an offset the host
// stored: but offsets half a box apart overlap the next block's
// (place_half); a buffer the host passes to a function hgrd cannot see
// may hold anything (place_escaped); a second store of the host gives
// box 5 the offset of box 0 (place_twice); and rand() % 8 reaches the
// next thread's four elements (scatter).
#include <cstdlib>

#define PER_BOX 128
#define BOXES 64

struct box {
  int x, y;
  long offset;
  int count;
};

void shuffle(box *boxes);

__global__ void place_half(const box *boxes, int *out) {
  int first = boxes[blockIdx.x].offset;
  out[first + threadIdx.x] = blockIdx.x; // want "inter-block write-write race on global out with line 25"
}

__global__ void place_escaped(const box *boxes, int *out) {
  int first = boxes[blockIdx.x].offset;
  out[first + threadIdx.x] = blockIdx.x; // want "inter-block write-write race on global out with line 30"
}

__global__ void place_twice(const box *boxes, int *out) {
  int first = boxes[blockIdx.x].offset;
  out[first + threadIdx.x] = blockIdx.x; // want "inter-block write-write race on global out with line 35"
}

__global__ void scatter(const int *slot, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[slot[i] + 4 * i] = i; // want "inter-block write-write race on global out with line 40" "intra-block write-write race on global out with line 40" "intra-warp write-write race on global out with line 40"
}


int main() {
  int *d_out;
  cudaMalloc(&d_out, 2 * BOXES * PER_BOX * sizeof(int));

  box *half = (box *)malloc(BOXES * sizeof(box));
  for (int i = 0; i < BOXES; i++)
    half[i].offset = i * PER_BOX / 2;
  box *d_half;
  cudaMalloc(&d_half, BOXES * sizeof(box));
  cudaMemcpy(d_half, half, BOXES * sizeof(box), cudaMemcpyHostToDevice);
  place_half<<<BOXES, PER_BOX>>>(d_half, d_out);

  box *escaped = (box *)malloc(BOXES * sizeof(box));
  for (int i = 0; i < BOXES; i++)
    escaped[i].offset = i * PER_BOX;
  shuffle(escaped);
  box *d_escaped;
  cudaMalloc(&d_escaped, BOXES * sizeof(box));
  cudaMemcpy(d_escaped, escaped, BOXES * sizeof(box), cudaMemcpyHostToDevice);
  place_escaped<<<BOXES, PER_BOX>>>(d_escaped, d_out);

  box *twice = (box *)malloc(BOXES * sizeof(box));
  for (int i = 0; i < BOXES; i++)
    twice[i].offset = i * PER_BOX;
  twice[5].offset = 0;
  box *d_twice;
  cudaMalloc(&d_twice, BOXES * sizeof(box));
  cudaMemcpy(d_twice, twice, BOXES * sizeof(box), cudaMemcpyHostToDevice);
  place_twice<<<BOXES, PER_BOX>>>(d_twice, d_out);

  int *slot = (int *)malloc(1024 * sizeof(int));
  for (int i = 0; i < 1024; i++)
    slot[i] = rand() % 8;
  int *d_slot;
  cudaMalloc(&d_slot, 1024 * sizeof(int));
  cudaMemcpy(d_slot, slot, 1024 * sizeof(int), cudaMemcpyHostToDevice);
  scatter<<<4, 256>>>(d_slot, d_out);
  return 0;
}
