// host_contents_ok: what the host stores into a buffer it copies to the
// device bounds what the kernel reads from it.
//
// place writes out[boxes[b].offset + t]: the blocks' ranges are disjoint
// only because the host sets boxes[i].offset = i * PER_BOX and each
// block has at most PER_BOX threads. scatter writes out[slot[i] + 4 * i]
// with slot[i] = rand() % 4: each thread four elements of its own. The
// host fills both buffers in loops and copies them with cudaMemcpy, and
// hgrd reads the contents from those stores: no race.
#include <cstdlib>

#define PER_BOX 128
#define BOXES 64

struct box {
  int x, y;
  long offset;
  int count;
};

__global__ void place(const box *boxes, int *out) {
  int first = boxes[blockIdx.x].offset;
  out[first + threadIdx.x] = blockIdx.x;
}

__global__ void scatter(const int *slot, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[slot[i] + 4 * i] = i;
}

int main() {
  box *boxes = (box *)malloc(BOXES * sizeof(box));
  int nh = 0;
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 8; j++) {
      boxes[nh].x = i;
      boxes[nh].y = j;
      boxes[nh].offset = nh * PER_BOX;
      boxes[nh].count = PER_BOX;
      nh++;
    }
  box *d_boxes;
  int *d_out;
  cudaMalloc(&d_boxes, BOXES * sizeof(box));
  cudaMalloc(&d_out, BOXES * PER_BOX * sizeof(int));
  cudaMemcpy(d_boxes, boxes, BOXES * sizeof(box), cudaMemcpyHostToDevice);
  place<<<BOXES, PER_BOX>>>(d_boxes, d_out);

  int *slot = (int *)malloc(1024 * sizeof(int));
  for (int i = 0; i < 1024; i++)
    slot[i] = rand() % 4;
  int *d_slot;
  cudaMalloc(&d_slot, 1024 * sizeof(int));
  cudaMemcpy(d_slot, slot, 1024 * sizeof(int), cudaMemcpyHostToDevice);
  scatter<<<4, 256>>>(d_slot, d_out);
  free(boxes);
  free(slot);
  return 0;
}
