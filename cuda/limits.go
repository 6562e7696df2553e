// This file defines the hardware limits that every launch obeys.

package cuda

import (
	"fmt"
	"strconv"
	"strings"
)

// WarpSize is the number of lanes in a warp.
const WarpSize = 32

// MaxThreadsPerBlock bounds blockDim.x * blockDim.y * blockDim.z.
const MaxThreadsPerBlock = 1024

// MaxBlockDim bounds each component of blockDim.
var MaxBlockDim = [3]int64{1024, 1024, 64}

// MaxIndex is the largest value of an int, the type of the linear thread
// indices (blockIdx.x * blockDim.x + threadIdx.x) that kernels compute.
const MaxIndex = 1<<31 - 1

// MaxGridDim bounds each component of gridDim.
var MaxGridDim = [3]int64{1<<31 - 1, 65535, 65535}

// MaxPitchPadding bounds the bytes cudaMallocPitch adds to a row: the
// pitch it returns is the requested width rounded up to the device's
// pitch alignment (cudaDeviceProp::texturePitchAlignment, 32 to 512 bytes
// on every device to date). The runtime documents the padding but not a
// bound on it; 4096 leaves a wide margin.
const MaxPitchPadding = 4096

// CheckGridDim reports an error if a grid shape breaks a hardware limit.
func CheckGridDim(d [3]int64) error {
	for i, v := range d {
		if v < 1 || v > MaxGridDim[i] {
			return fmt.Errorf("%s = %d is outside 1..%d", RegNctaid.CUDAComponent(i), v, MaxGridDim[i])
		}
	}
	return nil
}

// CheckBlockDim reports an error if a block shape breaks a hardware limit.
func CheckBlockDim(d [3]int64) error {
	for i, v := range d {
		if v < 1 || v > MaxBlockDim[i] {
			return fmt.Errorf("%s = %d is outside 1..%d", RegNtid.CUDAComponent(i), v, MaxBlockDim[i])
		}
	}
	if n := d[0] * d[1] * d[2]; n > MaxThreadsPerBlock {
		return fmt.Errorf("%s has %d threads, more than the %d a block can have", RegNtid.CUDAName(), n, MaxThreadsPerBlock)
	}
	return nil
}

// ParseDim parses a launch dimension written "X[,Y[,Z]]", as --grid-dim
// and --block-dim take it; missing components are 1. check (CheckGridDim
// or CheckBlockDim) validates the result.
func ParseDim(s string, check func([3]int64) error) ([3]int64, error) {
	d := [3]int64{1, 1, 1}
	parts := strings.Split(s, ",")
	if len(parts) > 3 {
		return d, fmt.Errorf("want X[,Y[,Z]]")
	}
	for i, p := range parts {
		v, err := strconv.ParseInt(strings.TrimSpace(p), 10, 64)
		if err != nil {
			return d, fmt.Errorf("%q is not an integer", p)
		}
		d[i] = v
	}
	return d, check(d)
}
