// Accesses that a thread ran before another with an index read from
// memory in common (prior.go). Each access is marked on its line.

__global__ void prior(const int *queue, const int *tasks, const int *other, int *out, int n) {
  int task = queue[blockIdx.x];
  int v = tasks[task];                      // @before
  if (threadIdx.x < n)
    v += other[task];                       // @branch
  out[task * blockDim.x + threadIdx.x] = v; // @write
  out[task] = other[2 * task];              // @after
}
