package hostanalysis

import (
	"context"
	"testing"

	"hgrd/frontend"
)

func TestLaunchesAndTheirShapes(t *testing.T) {
	l, err := frontend.NewLoader(frontend.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	u, err := l.Load(context.Background(), "testdata/launches.cu")
	if err != nil {
		t.Fatal(err)
	}
	type shape struct{ grid, block [3]int64 }
	got := map[string][]shape{}
	args := map[string][]map[int]int64{}
	for _, la := range Launches(u) {
		got[la.Kernel.Name] = append(got[la.Kernel.Name], shape{la.GridDim, la.BlockDim})
		args[la.Kernel.Name] = append(args[la.Kernel.Name], la.ConstArgs)
	}
	tests := []struct {
		kernel string
		want   []shape
		reason string
	}{
		{"fill", []shape{{[3]int64{4, 2, 1}, [3]int64{32, 4, 1}}, {[3]int64{8, 1, 1}, [3]int64{16, 16, 2}}},
			"dim3 variables and temporaries, one entry per launch"},
		{"scale", []shape{{[3]int64{0, 1, 1}, [3]int64{64, 1, 1}}},
			"a grid computed from a parameter is unknown, its constant parts are known"},
	}
	for _, tt := range tests {
		if len(got[tt.kernel]) != len(tt.want) {
			t.Errorf("%s: launches %v, want %v (%s)", tt.kernel, got[tt.kernel], tt.want, tt.reason)
			continue
		}
		for i := range tt.want {
			if got[tt.kernel][i] != tt.want[i] {
				t.Errorf("%s launch %d: %v, want %v (%s)", tt.kernel, i, got[tt.kernel][i], tt.want[i], tt.reason)
			}
		}
	}
	if v, ok := args["fill"][1][1]; !ok || v != 2 {
		t.Errorf("second fill launch: constant arguments %v, want parameter 1 = 2", args["fill"][1])
	}
}
