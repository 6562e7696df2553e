package cuda

import (
	"slices"
	"testing"
)

func TestLookupLaunch(t *testing.T) {
	tests := []struct {
		name string
		want LaunchFunc
	}{
		{"cudaLaunchKernel", LaunchFunc{Kind: APILaunch, Kernel: 0, Grid: 1, Block: 3, Args: 5, SharedMem: 6, Stream: 7}},
		{"cudaLaunchCooperativeKernel", LaunchFunc{Kind: APILaunch, Kernel: 0, Grid: 1, Block: 3, Args: 5, SharedMem: 6, Stream: 7}},
		{"__cudaPushCallConfiguration", LaunchFunc{Kind: Configuration, Kernel: NoArg, Grid: 0, Block: 2, Args: NoArg, SharedMem: 4, Stream: 5}},
		{"cudaConfigureCall", LaunchFunc{Kind: Configuration, Kernel: NoArg, Grid: 0, Block: 2, Args: NoArg, SharedMem: 4, Stream: 5}},
	}
	for _, tt := range tests {
		if got, ok := LookupLaunch(tt.name); !ok || got != tt.want {
			t.Errorf("LookupLaunch(%s) = %+v, %v, want %+v", tt.name, got, ok, tt.want)
		}
	}
	if _, ok := LookupLaunch("cudaMalloc"); ok {
		t.Error("cudaMalloc launches nothing")
	}
}

// TestLaunchLayout checks that each dim3 takes Dim3Parts positions and
// that the arguments after it follow it.
func TestLaunchLayout(t *testing.T) {
	for name, f := range launchFuncs {
		if f.Block != f.Grid+Dim3Parts || f.SharedMem < f.Block+Dim3Parts || f.Stream != f.SharedMem+1 {
			t.Errorf("%s: positions %+v overlap the dim3s' parts", name, f)
		}
		if (f.Kind == APILaunch) != (f.Kernel != NoArg) {
			t.Errorf("%s: only API launches name their kernel: %+v", name, f)
		}
	}
}

func TestLookupAllocation(t *testing.T) {
	pitch, ok := LookupAllocation("cudaMallocPitch")
	if !ok || !slices.Equal(pitch.Sizes, []int{2, 3}) || !pitch.Pitched || pitch.Pitch != 1 || pitch.RowWidth != 2 {
		t.Errorf("cudaMallocPitch(ptr, &pitch, width, height) = %+v, %v", pitch, ok)
	}
	for name, want := range map[string][]int{"cudaMalloc": {1}, "calloc": {0, 1}, "_Znam": {0}} {
		if got, ok := LookupAllocation(name); !ok || !slices.Equal(got.Sizes, want) || got.Pitched {
			t.Errorf("LookupAllocation(%s) = %+v, %v, want sizes %v", name, got, ok, want)
		}
	}
	if _, ok := LookupAllocation("cudaMemcpy"); ok {
		t.Error("cudaMemcpy allocates nothing")
	}
}

func TestNeverReturns(t *testing.T) {
	for _, name := range []string{"__assert_fail", "__assert_rtn", "exit", "abort", "__cxa_throw"} {
		if !NeverReturns(name) {
			t.Errorf("%s ends the program", name)
		}
	}
	for _, name := range []string{"printf", "cudaDeviceSynchronize", "atexit"} {
		if NeverReturns(name) {
			t.Errorf("%s returns", name)
		}
	}
}
