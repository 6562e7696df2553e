package kernelanalysis

import (
	"strings"
	"testing"

	"hgrd/expr"
	"hgrd/internal/testkit"
)

// TestLanes checks which shuffles return another lane's value that hgrd
// can name, and that a ballot states each lane's own bit.
func TestLanes(t *testing.T) {
	const path = "testdata/lanes.cu"
	kernels := analyzeFile(t, path)
	for _, tt := range []struct {
		kernel string
		lane   bool
		reason string
	}{
		{"aggregate", true, "__shfl_sync from the leader lane"},
		{"down", true, "__shfl_down_sync from the next lane"},
		{"halfWarp", false, "a 16-lane segment: only whole warps are read"},
	} {
		k := kernels[tt.kernel]
		w := access(t, k, testkit.Line(t, path, tt.kernel), Write)
		found := false
		expr.Inspect(w.Offset, func(x *expr.Term) bool {
			found = found || x.Op == expr.OpApply && k.Unknowns[x.Name].Lane != nil
			return true
		})
		if found != tt.lane {
			t.Errorf("%s: shuffle with a named lane %v, want %v (%s)", tt.kernel, found, tt.lane, tt.reason)
		}
	}
	ownBit := false
	for _, as := range kernels["aggregate"].Assumptions {
		ownBit = ownBit || strings.Contains(as.String(), "ballot")
	}
	if !ownBit {
		t.Error("aggregate: no assumption states a lane's own bit of the ballot")
	}
}
