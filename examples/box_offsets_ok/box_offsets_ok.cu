// box_offsets_ok: host_contents_ok's boxes as a molecular-dynamics code
// lays them out (Rodinia's lavaMD): the number of boxes per side comes
// from the command line, the host numbers the boxes with a counter
// across three nested loops and sets boxes[nh].offset = nh * PER_BOX,
// and each block, for its box and each neighbour, walks its box's
// particles with a strided loop of THREADS threads, accumulating forces
// into force[first + p], first the offset cut to an int.
//
// Race-free: box b's particles are force[b * PER_BOX, (b + 1) * PER_BOX),
// and block b touches only box b's. hgrd sees it only from what the host
// stores: the kernel alone would allow any offsets.
#include <cstdlib>

#define PER_BOX 100
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
        force[first + p] += charge[first + p];
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
        boxes[nh].offset = nh * PER_BOX;
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
