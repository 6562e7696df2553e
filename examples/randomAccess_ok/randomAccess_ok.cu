// randomAccess_ok: the update kernel of HPCC RandomAccess is race-free
// because the host launches it with one block (HGRD paper, table 4:
// randomAccess from HeCBench).
//
// Each of the NUPDATE threads owns one pseudo-random stream ran[threadIdx.x]:
// it loads its seed, advances it `updates` times xor-ing the table entry it
// selects (with atomicXor, which never races with itself), and stores the
// seed back. Host fact: the launch is <<<1, NUPDATE>>>, so threadIdx.x
// identifies the thread and no two threads touch the same ran[] slot.
// With more blocks (randomAccess_racy) threads with the same threadIdx.x in
// different blocks share a slot.
#include <cstdio>
#include <cstdlib>

#define NUPDATE 128
#define POLY 0x0000000000000007ULL

__global__ void update(unsigned long long *table, unsigned long long *ran,
                       int tableSize, int updates) {
  int j = threadIdx.x;
  unsigned long long r = ran[j];
  for (int k = 0; k < updates; k++) {
    r = (r << 1) ^ ((long long)r < 0 ? POLY : 0ULL);
    atomicXor(&table[r & (unsigned long long)(tableSize - 1)], r);
  }
  ran[j] = r;
}

int main(int argc, char **argv) {
  if (argc < 3)
    return 1;
  int logSize = atoi(argv[1]);
  int updates = atoi(argv[2]);
  int tableSize = 1 << logSize;
  unsigned long long *h = (unsigned long long *)malloc(tableSize * sizeof(unsigned long long));
  for (int k = 0; k < tableSize; k++)
    h[k] = k;
  unsigned long long seeds[NUPDATE];
  for (int k = 0; k < NUPDATE; k++)
    seeds[k] = 2 * k + 1;
  unsigned long long *table, *ran;
  cudaMalloc(&table, tableSize * sizeof(unsigned long long));
  cudaMalloc(&ran, NUPDATE * sizeof(unsigned long long));
  cudaMemcpy(table, h, tableSize * sizeof(unsigned long long), cudaMemcpyHostToDevice);
  cudaMemcpy(ran, seeds, sizeof(seeds), cudaMemcpyHostToDevice);

  update<<<1, NUPDATE>>>(table, ran, tableSize, updates);
  cudaDeviceSynchronize();

  cudaMemcpy(h, table, tableSize * sizeof(unsigned long long), cudaMemcpyDeviceToHost);
  printf("table[0] = %llu\n", h[0]);
  cudaFree(table);
  cudaFree(ran);
  free(h);
  return 0;
}
