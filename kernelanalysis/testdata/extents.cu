// Accesses and the arrays C++ keeps them in (extents.go).
struct Cell {
  int a[4];
  int b;
};

struct Packet {
  int n;
  int data[]; // a flexible array member: [0 x i32]
};

struct OldPacket {
  int n;
  int data[1]; // the struct hack: allocated longer than declared
};

__device__ void fillRow(int *row, int n) {
  for (int i = threadIdx.x % 32; i < n; i += 32)
    row[i] = i; // @rowParam
}

__global__ void extents(int n, Cell *cells, int *out, Packet *packet, OldPacket *old) {
  extern __shared__ float dynamic[];
  __shared__ int buf[4][64];
  __shared__ float tile[32][33];
  __shared__ int flat1[128];
  __shared__ int cube[4][8][16];
  int warp = threadIdx.x / 32;
  fillRow(buf[warp], n);
  tile[threadIdx.y][threadIdx.x] = 1.0f; // @rowIndex
  float *all = &tile[0][0];
  all[n] = 2.0f; // @flatIdiom
  flat1[n] = 3; // @wholeObject
  cells[n].a[threadIdx.x] = 4; // @structField
  cube[threadIdx.z][threadIdx.y][threadIdx.x] = 5; // @cubeRow
  cube[threadIdx.z][0][n] = 6; // @cubePlane
  int *p = buf[warp];
  for (int i = 0; i < n; i++)
    *p++ = i; // @pointerLoop
  out[n] = 7; // @param
  float *second = &dynamic[blockDim.x];
  second[n] = 8.0f; // @externShared
  packet->data[n] = 9; // @flexible
  old->data[n] = 10; // @structHack
}
