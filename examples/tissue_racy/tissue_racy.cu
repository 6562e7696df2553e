// tissue_racy: accumulation of tissue solute levels from the sources at all
// tissue points, after HeCBench's "tissue" (Secomb's Green's function
// method), with some accumulators updated atomically and others with plain
// read-modify-writes (HGRD paper, table 3: 4 races).
//
// Tissue point itp sits at (x, y, z) = tisspoints[itp], [itp + nnt],
// [itp + 2*nnt]. A block serves POINTS tissue points with STEP threads
// each: thread (itp1, ty) of block b serves point itp = b*POINTS + ty and
// visits the sources jxyz = itp1, itp1 + STEP, ... For each it adds to the
// point's totals the Green's function gtt[|dx| + nx*(|dy| + ny*|dz|)]
// times the source strength qt[jxyz] -- with atomicAdd into ct (correct)
// -- and times the previous solute level ctprev[jxyz] into ctq, and counts
// the sources nearer than `near` into cnt, both with a plain `+=` (a load
// and a store each): the STEP threads of a point update them concurrently.
//
// Launch: tissue<<<NNT / POINTS, dim3(STEP, POINTS)>>> with STEP = 4 and
// POINTS = 16 (64 threads, linear id itp1 + 4*ty): the four threads of a
// point are consecutive lanes of one warp, so threads of different warps
// or blocks never share itp, and every race is intra-warp, e.g. between
// threads (0,0) and (1,0) of block 0 (lanes 0 and 1, both on point 0):
//   1. ctq[itp] += ...: the load with the store (read-write);
//   2. ctq[itp] += ...: the store with itself (write-write);
//   3. cnt[itp] += 1: the load with the store (read-write);
//   4. cnt[itp] += 1: the store with itself (write-write).
// The atomicAdd on ct never races with itself, and no plain access touches
// ct. tisspoints, gtt, qt and ctprev are only read.
#include <cstdio>
#include <cstdlib>

#define NX 16
#define NY 16
#define NZ 4
#define NNT (NX * NY * NZ)
#define STEP 4
#define POINTS 16 // tissue points per block

__global__ void tissue(const int *tisspoints, const float *gtt, const float *qt,
                       const float *ctprev, float *ct, float *ctq, int *cnt,
                       int nnt, int nx, int ny, int near) {
  int itp = blockIdx.x * blockDim.y + threadIdx.y;
  int itp1 = threadIdx.x;
  if (itp < nnt) {
    int ix = tisspoints[itp];
    int iy = tisspoints[itp + nnt];
    int iz = tisspoints[itp + 2 * nnt];
    for (int jxyz = itp1; jxyz < nnt; jxyz += STEP) {
      int jx = tisspoints[jxyz];
      int jy = tisspoints[jxyz + nnt];
      int jz = tisspoints[jxyz + 2 * nnt];
      int ixyz = abs(jx - ix) + nx * (abs(jy - iy) + ny * abs(jz - iz));
      atomicAdd(&ct[itp], gtt[ixyz] * qt[jxyz]);
      ctq[itp] += gtt[ixyz] * ctprev[jxyz]; // want "intra-warp (read-write|write-read) race on global ctq with line 52" "intra-warp write-write race on global ctq with line 52"
      if (ixyz < near)
        cnt[itp] += 1; // want "intra-warp (read-write|write-read) race on global cnt with line 54" "intra-warp write-write race on global cnt with line 54"
    }
  }
}

int main() {
  int *hPoints = (int *)malloc(3 * NNT * sizeof(int));
  float *hGtt = (float *)malloc(NNT * sizeof(float));
  float *hQt = (float *)malloc(NNT * sizeof(float));
  for (int z = 0; z < NZ; z++)
    for (int y = 0; y < NY; y++)
      for (int x = 0; x < NX; x++) {
        int p = x + NX * (y + NY * z);
        hPoints[p] = x;
        hPoints[p + NNT] = y;
        hPoints[p + 2 * NNT] = z;
        hGtt[p] = 1.0f / (1.0f + x + y + z);
        hQt[p] = (p % 7) * 0.1f;
      }

  int *tisspoints, *cnt;
  float *gtt, *qt, *ctprev, *ct, *ctq;
  cudaMalloc(&tisspoints, 3 * NNT * sizeof(int));
  cudaMalloc(&gtt, NNT * sizeof(float));
  cudaMalloc(&qt, NNT * sizeof(float));
  cudaMalloc(&ctprev, NNT * sizeof(float));
  cudaMalloc(&ct, NNT * sizeof(float));
  cudaMalloc(&ctq, NNT * sizeof(float));
  cudaMalloc(&cnt, NNT * sizeof(int));
  cudaMemcpy(tisspoints, hPoints, 3 * NNT * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(gtt, hGtt, NNT * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(qt, hQt, NNT * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(ctprev, hQt, NNT * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemset(ct, 0, NNT * sizeof(float));
  cudaMemset(ctq, 0, NNT * sizeof(float));
  cudaMemset(cnt, 0, NNT * sizeof(int));

  dim3 block(STEP, POINTS);
  tissue<<<NNT / POINTS, block>>>(tisspoints, gtt, qt, ctprev, ct, ctq, cnt, NNT,
                                  NX, NY, 3);
  cudaDeviceSynchronize();

  float *hCt = (float *)malloc(NNT * sizeof(float));
  int *hCnt = (int *)malloc(NNT * sizeof(int));
  cudaMemcpy(hCt, ct, NNT * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(hCnt, cnt, NNT * sizeof(int), cudaMemcpyDeviceToHost);
  printf("ct[0] = %f, %d sources near point 0\n", hCt[0], hCnt[0]);
  cudaFree(tisspoints);
  cudaFree(gtt);
  cudaFree(qt);
  cudaFree(ctprev);
  cudaFree(ct);
  cudaFree(ctq);
  cudaFree(cnt);
  free(hPoints);
  free(hGtt);
  free(hQt);
  free(hCt);
  free(hCnt);
  return 0;
}
