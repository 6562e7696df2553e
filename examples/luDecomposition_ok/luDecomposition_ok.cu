// luDecomposition_ok: the internal-block update of Rodinia's blocked LU
// decomposition, race-free thanks to the bounds of the host loop that
// produces its offset argument (HGRD paper, figure 4).
//
// Simplified: the perimeter row and column of the current step are kept in
// separate arrays (prow, pcol), so the kernel's only access to m is
// m[r*dim + c] -= sum for r = offset + (blockIdx.y+1)*BS + ty and
// c = offset + (blockIdx.x+1)*BS + tx.
// Host facts: offset is the loop counter of
// for (offset = 0; offset < dim - BS; offset += BS), so offset >= 0; the grid
// is (dim - offset)/BS - 1 blocks per axis. Then 0 <= c < dim and
// (r, c) -> r*dim + c is one-to-one. With a user-chosen starting offset
// (luDecomposition_racy) offset can be negative, c can leave [0, dim) and
// rows overlap.
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
  m[(rid + ty) * dim + cid + tx] -= sum;
}

void lud(float *m, float *prow, float *pcol, int hMatrixDim, int start) {
  for (int hOffset = start; hOffset < hMatrixDim - BS; hOffset += BS) {
    dim3 grid((hMatrixDim - hOffset) / BS - 1, (hMatrixDim - hOffset) / BS - 1);
    dim3 threads(BS, BS);
    ludInternal<<<grid, threads>>>(m, prow, pcol, hMatrixDim, hOffset);
  }
}

int main(int argc, char **argv) {
  if (argc < 2)
    return 1;
  int dim = atoi(argv[1]);
  float *m, *prow, *pcol;
  cudaMalloc(&m, (size_t)dim * dim * sizeof(float));
  cudaMalloc(&prow, (size_t)BS * dim * sizeof(float));
  cudaMalloc(&pcol, (size_t)dim * BS * sizeof(float));
  cudaMemset(m, 0, (size_t)dim * dim * sizeof(float));

  lud(m, prow, pcol, dim, 0);
  cudaDeviceSynchronize();

  float first;
  cudaMemcpy(&first, m, sizeof(float), cudaMemcpyDeviceToHost);
  printf("m[0] = %f\n", first);
  cudaFree(m);
  cudaFree(prow);
  cudaFree(pcol);
  return 0;
}
