// flex_member_racy: a struct's last array has no length that bounds its
// accesses, unlike a sized array elsewhere (warp_rows_ok): a flexible
// array member ([0 x int] in the IR), or the older struct hack, an array
// declared [1] and allocated longer, which clang also treats as
// flexible. In each kernel four threads of a warp share one slot.
struct Packet {
  int n;
  int data[];
};

struct OldPacket {
  int n;
  int data[1];
};

__global__ void fill(Packet *p) {
  p->data[threadIdx.x % 4] = threadIdx.x; // want "intra-warp write-write race on global p with line 17" "intra-block write-write race on global p with line 17" "inter-block write-write race on global p with line 17"
}

__global__ void fill_old(OldPacket *p) {
  p->data[1 + threadIdx.x % 4] = threadIdx.x; // want "intra-warp write-write race on global p with line 21" "intra-block write-write race on global p with line 21" "inter-block write-write race on global p with line 21"
}

int main() {
  Packet *p;
  cudaMalloc(&p, sizeof(Packet) + 4 * sizeof(int));
  fill<<<2, 64>>>(p);
  OldPacket *old;
  cudaMalloc(&old, sizeof(OldPacket) + 4 * sizeof(int));
  fill_old<<<2, 64>>>(old);
  cudaDeviceSynchronize();
  return 0;
}
