// flex_member_racy: a flexible array member ([0 x int] in the IR) has no
// length of its own, so it does not bound the accesses through it the
// way a sized array does (warp_rows_ok): the race stays. Each of four
// threads of a warp shares one slot of data with three others.
struct Packet {
  int n;
  int data[];
};

__global__ void fill(Packet *p) {
  p->data[threadIdx.x % 4] = threadIdx.x; // want "intra-warp write-write race on global p with line 11" "intra-block write-write race on global p with line 11" "inter-block write-write race on global p with line 11"
}

int main() {
  Packet *p;
  cudaMalloc(&p, sizeof(Packet) + 4 * sizeof(int));
  fill<<<2, 64>>>(p);
  cudaDeviceSynchronize();
  return 0;
}
