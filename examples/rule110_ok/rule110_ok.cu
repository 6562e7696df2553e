// rule110_ok: the rule 110 cellular automaton on a ring of cells, updated
// in place, one generation per launch; blocks pass their boundary cells to
// their neighbours through producer/consumer flags, after ScoR's rule110
// (HGRD paper, table 3: race-free; needs acquire-release).
//
// Block b owns cells[b*T .. b*T + T-1] and updates them in place, so its
// neighbours cannot read its boundary cells from cells[] (they would race
// with the update). Instead, in generation gen (1, 2, ...):
//   thread 0 of block b:    haloL[b] = c; __threadfence();
//                           atomicExch(&flagL[b], gen);
//   thread T-1 of block b:  haloR[b] = c; __threadfence();
//                           atomicExch(&flagR[b], gen);
// then thread 0 spins `while (atomicAdd(&flagR[lb], 0) != gen);` on its
// left neighbour lb = (b + G - 1) % G, fences with __threadfence() and
// loads haloR[lb]; thread T-1 does the same with flagL[rb] and haloL[rb],
// rb = (b + 1) % G. After __syncthreads() each thread computes its cell's
// next state from the shared tile and stores it to cells[i].
//
// Launch: rule110<<<4, 128>>> (4 co-resident blocks, T = 128), once per
// generation from a host loop (gen = 1 .. GENS): kernel ends order one
// generation's accesses before the next's. Why each pair is ordered:
//   - haloR[b]: stored by thread T-1 of block b, loaded by thread 0 of
//     block (b + 1) % G. The store is followed, on every path, by a device
//     fence and atomicExch(&flagR[b]); the load is preceded by the spin on
//     flagR[lb] and a device fence, and lb = b when the addresses match, so
//     the flags match: ordered. haloL likewise, with flagL. Each halo
//     element has a single writer.
//   - flagL/flagR: atomics only.
//   - cells[i]: loaded and stored by thread i only.
//   - s[]: s[t + 1] by thread t, s[0] by thread 0, s[T + 1] by thread T-1,
//     all before __syncthreads(), loads after it.
#include <cstdio>

#define T 128
#define G 4
#define N (T * G)
#define GENS 32

__global__ void rule110(int *cells, int *haloL, int *haloR, int *flagL,
                        int *flagR, int gen) {
  __shared__ int s[T + 2];
  int t = threadIdx.x;
  int b = blockIdx.x;
  int i = b * T + t;
  int c = cells[i];
  s[t + 1] = c;

  // publish this block's boundary cells of this generation
  if (t == 0) {
    haloL[b] = c;
    __threadfence();
    atomicExch(&flagL[b], gen);
  }
  if (t == T - 1) {
    haloR[b] = c;
    __threadfence();
    atomicExch(&flagR[b], gen);
  }

  // fetch the neighbours' boundary cells (the ring wraps around)
  if (t == 0) {
    int lb = (b + gridDim.x - 1) % gridDim.x;
    while (atomicAdd(&flagR[lb], 0) != gen)
      ;
    __threadfence();
    s[0] = haloR[lb];
  }
  if (t == T - 1) {
    int rb = (b + 1) % gridDim.x;
    while (atomicAdd(&flagL[rb], 0) != gen)
      ;
    __threadfence();
    s[T + 1] = haloL[rb];
  }
  __syncthreads();

  int pattern = (s[t] << 2) | (s[t + 1] << 1) | s[t + 2];
  cells[i] = (110 >> pattern) & 1;
}

int main() {
  int h[N];
  for (int i = 0; i < N; i++)
    h[i] = i == N - 1;
  int *cells, *haloL, *haloR, *flagL, *flagR;
  cudaMalloc(&cells, N * sizeof(int));
  cudaMalloc(&haloL, G * sizeof(int));
  cudaMalloc(&haloR, G * sizeof(int));
  cudaMalloc(&flagL, G * sizeof(int));
  cudaMalloc(&flagR, G * sizeof(int));
  cudaMemcpy(cells, h, sizeof(h), cudaMemcpyHostToDevice);
  cudaMemset(flagL, 0, G * sizeof(int));
  cudaMemset(flagR, 0, G * sizeof(int));

  for (int gen = 1; gen <= GENS; gen++)
    rule110<<<G, T>>>(cells, haloL, haloR, flagL, flagR, gen);
  cudaDeviceSynchronize();

  cudaMemcpy(h, cells, sizeof(h), cudaMemcpyDeviceToHost);
  int alive = 0;
  for (int i = 0; i < N; i++)
    alive += h[i];
  printf("%d live cells after %d generations\n", alive, GENS);
  cudaFree(cells);
  cudaFree(haloL);
  cudaFree(haloR);
  cudaFree(flagL);
  cudaFree(flagR);
  return 0;
}
