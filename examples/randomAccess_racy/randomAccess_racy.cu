// randomAccess_racy: randomAccess_ok launched with several blocks, as if
// the NUPDATE streams were spread over blocks while still indexing ran[] by
// threadIdx.x (host fact broken: <<<4, NUPDATE>>> instead of <<<1, NUPDATE>>>).
//
// Thread t of block 0 and thread t of block 1 both load ran[t] and store
// ran[t]: inter-block read-write (load with the other's store) and
// write-write (the two stores) races. Within a block j = threadIdx.x is
// unique, so no intra-block or intra-warp race; the atomicXor updates of the
// table never race with each other.
#include <cstdio>
#include <cstdlib>

#define NUPDATE 128
#define POLY 0x0000000000000007ULL

__global__ void update(unsigned long long *table, unsigned long long *ran,
                       int tableSize, int updates) {
  int j = threadIdx.x;
  unsigned long long r = ran[j]; // want "inter-block read-write race on global ran with line 24"
  for (int k = 0; k < updates; k++) {
    r = (r << 1) ^ ((long long)r < 0 ? POLY : 0ULL);
    atomicXor(&table[r & (unsigned long long)(tableSize - 1)], r);
  }
  ran[j] = r; // want "inter-block write-write race on global ran with line 24"
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

  update<<<4, NUPDATE>>>(table, ran, tableSize, updates);
  cudaDeviceSynchronize();

  cudaMemcpy(h, table, tableSize * sizeof(unsigned long long), cudaMemcpyDeviceToHost);
  printf("table[0] = %llu\n", h[0]);
  cudaFree(table);
  cudaFree(ran);
  free(h);
  return 0;
}
