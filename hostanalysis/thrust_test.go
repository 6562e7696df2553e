package hostanalysis

import (
	"strings"
	"testing"
)

// TestThrustAlgorithmsLaunchKernels finds the launches that thrust's
// algorithms make: a thrust algorithm's kernels are kernels like any
// other, launched with the shape thrust's dispatch chooses.
func TestThrustAlgorithmsLaunchKernels(t *testing.T) {
	launches := launchesOf(t, "testdata/thrust_device_vector.cu")
	fills, transforms := 0, 0
	for _, la := range launches {
		if !strings.Contains(la.Kernel.Name, "ParallelForAgent") {
			continue
		}
		if la.BlockDim != [3]int64{256, 1, 1} {
			t.Errorf("%s launched with blockDim %v, want thrust's (256,1,1)", la.Kernel.Name, la.BlockDim)
		}
		switch {
		case strings.Contains(la.Kernel.Name, "uninitialized_fill"):
			fills++
		case strings.Contains(la.Kernel.Name, "square"):
			transforms++
		}
	}
	if fills != 1 || transforms != 1 {
		t.Errorf("found %d fill and %d transform launches of thrust's parallel for, want 1 each (of %d launches)", fills, transforms, len(launches))
	}
}
