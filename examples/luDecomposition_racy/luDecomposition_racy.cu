// luDecomposition_racy: luDecomposition_ok whose host loop starts at a
// user-supplied step (argv[2], unchecked), so the loop no longer bounds the
// offset argument from below (HGRD paper, figure 4, bound broken).
//
// With offset < 0 the columns c = offset + (bx+1)*16 + tx can be negative or
// reach dim, and element r*dim + c is shared by several threads. 16x16
// blocks, linear id tx + 16*ty. With dim = 1 the element is r + c:
//   - intra-warp:  (tx=1,ty=0) and (tx=0,ty=1) of one block, lins 1 and 16;
//   - intra-block: (tx=2,ty=0) lin 2 (warp 0) and (tx=0,ty=2) lin 32 (warp 1);
//   - inter-block: start = -48 (grid 2x2): (bx=1,tx=0,ty=0) and
//     (bx=0,tx=15,ty=1), same by.
// The compound m[..] -= sum loads and stores the element, so each pair of
// threads gives a write-write and a read-write race of each kind.
#include <cstdio>
#include <cstdlib>

#define BS 16

__global__ void ludInternal(float *m, const float *prow, const float *pcol,
                            int dim, int offset) {
  int bx = blockIdx.x, by = blockIdx.y; // int indices, as in Rodinia
  int tx = threadIdx.x, ty = threadIdx.y;
  int rid = offset + (by + 1) * BS;
  int cid = offset + (bx + 1) * BS;
  float sum = 0.0f;
  for (int k = 0; k < BS; k++)
    sum += pcol[(rid + ty) * BS + k] * prow[k * dim + cid + tx];
  m[(rid + ty) * dim + cid + tx] -= sum; // want "inter-block write-write race on global m with line 28" "intra-block write-write race on global m with line 28" "intra-warp write-write race on global m with line 28" "inter-block (read-write|write-read) race on global m with line 28" "intra-block (read-write|write-read) race on global m with line 28" "intra-warp (read-write|write-read) race on global m with line 28"
}

void lud(float *m, float *prow, float *pcol, int hMatrixDim, int start) {
  for (int hOffset = start; hOffset < hMatrixDim - BS; hOffset += BS) {
    dim3 grid((hMatrixDim - hOffset) / BS - 1, (hMatrixDim - hOffset) / BS - 1);
    dim3 threads(BS, BS);
    ludInternal<<<grid, threads>>>(m, prow, pcol, hMatrixDim, hOffset);
  }
}

int main(int argc, char **argv) {
  if (argc < 3)
    return 1;
  int dim = atoi(argv[1]);
  float *m, *prow, *pcol;
  cudaMalloc(&m, (size_t)dim * dim * sizeof(float));
  cudaMalloc(&prow, (size_t)BS * dim * sizeof(float));
  cudaMalloc(&pcol, (size_t)dim * BS * sizeof(float));
  cudaMemset(m, 0, (size_t)dim * dim * sizeof(float));

  lud(m, prow, pcol, dim, atoi(argv[2])); // resume from a given step
  cudaDeviceSynchronize();

  float first;
  cudaMemcpy(&first, m, sizeof(float), cudaMemcpyDeviceToHost);
  printf("m[0] = %f\n", first);
  cudaFree(m);
  cudaFree(prow);
  cudaFree(pcol);
  return 0;
}
