// merge_rank_racy: a race that needs values a loop computes from memory
// contents is reported, with a note naming the loop.
//
// Each thread places key a[i] of a merge at i plus its rank in b, which a
// binary search finds. If a and b are sorted, the positions are distinct;
// the host reads both from a file and never sorts them, so two threads'
// ranks may make them meet. hgrd keeps only bounds of the search's lo
// (0 <= lo <= nb): the report's note names the loop at line 19 as what
// the addresses depend on.
#include <cstdio>

#define NA 1024
#define NB 1024

__global__ void merge_a(const int *a, const int *b, int *out, int na, int nb) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < na) {
    int key = a[i], lo = 0, hi = nb;
    while (lo < hi) {
      int mid = (lo + hi) / 2;
      if (b[mid] < key)
        lo = mid + 1;
      else
        hi = mid;
    }
    out[i + lo] = key; // want "inter-block write-write race on global out with line 26" "intra-block write-write race on global out with line 26" "intra-warp write-write race on global out with line 26"
  }
}

int main(int argc, char **argv) {
  static int host_a[NA], host_b[NB];
  FILE *f = fopen(argv[1], "rb");
  fread(host_a, sizeof(int), NA, f);
  fread(host_b, sizeof(int), NB, f);
  fclose(f);
  int *a, *b, *out;
  cudaMalloc(&a, sizeof(host_a));
  cudaMalloc(&b, sizeof(host_b));
  cudaMalloc(&out, (NA + NB) * sizeof(int));
  cudaMemcpy(a, host_a, sizeof(host_a), cudaMemcpyHostToDevice);
  cudaMemcpy(b, host_b, sizeof(host_b), cudaMemcpyHostToDevice);
  merge_a<<<NA / 256, 256>>>(a, b, out, NA, NB);
  cudaDeviceSynchronize();
  return 0;
}
