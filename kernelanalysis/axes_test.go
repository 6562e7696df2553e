package kernelanalysis

import (
	"testing"

	"hgrd/internal/testkit"
)

func TestAxesRead(t *testing.T) {
	u := testkit.LoadSource(t, "axes.cu", `
__device__ int row() { return blockIdx.y * blockDim.y + threadIdx.y; }
__global__ void flat(int *a) { a[blockIdx.x * blockDim.x + threadIdx.x] = 0; }
__global__ void rows(int *a) { a[row() * gridDim.x + threadIdx.x] = 0; }
__global__ void depth(int *a) { a[threadIdx.z] = gridDim.z; }
__global__ void blind(int *a) { a[threadIdx.x] = 0; }`)
	want := map[string]AxesRead{
		"flat":  {Block: [3]bool{true}, Grid: [3]bool{true}},
		"rows":  {Block: [3]bool{true, true}, Grid: [3]bool{true, true}},
		"depth": {Block: [3]bool{false, false, true}, Grid: [3]bool{false, false, true}},
		"blind": {Block: [3]bool{true}},
	}
	for _, fk := range u.Kernels {
		k, err := Analyze(u, fk)
		if err != nil {
			t.Fatal(err)
		}
		if k.Axes != want[k.Name] {
			t.Errorf("%s reads %+v, want %+v", k.Name, k.Axes, want[k.Name])
		}
	}
}
