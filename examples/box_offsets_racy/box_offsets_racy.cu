// box_offsets_racy: box_offsets_ok with the host's boxes STRIDE = 50
// particles apart but PER_BOX = 100 long: block b's second half is
// block b + 1's first, and both accumulate into it unsynchronised.
#include <cstdlib>

#define PER_BOX 100
#define STRIDE 50 // box offsets half a box apart
#define THREADS 128

struct neighbour {
  int x, y, z;
  int number;
  long offset;
};

struct box {
  int x, y, z;
  int number;
  long offset;
  int nn;
  neighbour nei[26];
};

__global__ void forces(const box *boxes, const float *charge, float *force, int nboxes) {
  int bx = blockIdx.x;
  if (bx < nboxes) {
    int first = boxes[bx].offset;
    for (int k = 0; k < 1 + boxes[bx].nn; k++) {
      int p = threadIdx.x;
      while (p < PER_BOX) {
        force[first + p] += charge[first + p]; // want "inter-block (read-write|write-read) race on global force with line 31" "inter-block write-write race on global force with line 31"
        p = p + THREADS;
      }
    }
  }
}

int main(int argc, char **argv) {
  if (argc < 2)
    return 1;
  int side = atoi(argv[1]);
  if (side < 1 || side > 64)
    return 1;
  int nboxes = side * side * side;
  box *boxes = (box *)malloc(nboxes * sizeof(box));
  int nh = 0;
  for (int i = 0; i < side; i++)
    for (int j = 0; j < side; j++)
      for (int k = 0; k < side; k++) {
        boxes[nh].x = k;
        boxes[nh].y = j;
        boxes[nh].z = i;
        boxes[nh].number = nh;
        boxes[nh].offset = nh * STRIDE;
        boxes[nh].nn = 0;
        nh = nh + 1;
      }
  box *d_boxes;
  float *d_charge, *d_force;
  cudaMalloc(&d_boxes, nboxes * sizeof(box));
  cudaMalloc(&d_charge, nboxes * PER_BOX * sizeof(float));
  cudaMalloc(&d_force, nboxes * PER_BOX * sizeof(float));
  cudaMemcpy(d_boxes, boxes, nboxes * sizeof(box), cudaMemcpyHostToDevice);
  forces<<<nboxes, THREADS>>>(d_boxes, d_charge, d_force, nboxes);
  cudaDeviceSynchronize();
  free(boxes);
  return 0;
}
