package kernelanalysis

import (
	"testing"

	"hgrd/internal/testkit"
)

// TestPriors checks which accesses count as run before the write, with
// its index read from memory: those that every execution of the write
// follows, and no other.
func TestPriors(t *testing.T) {
	const path = "testdata/prior.cu"
	k := analyzeFile(t, path)["prior"]
	w := access(t, k, testkit.Line(t, path, "write"), Write)
	tests := []struct {
		marker string
		prior  bool
		reason string
	}{
		{"before", true, "tasks[task] dominates the write and reads task"},
		{"branch", false, "other[task] runs only when threadIdx.x < n"},
		{"after", false, "other[2 * task] comes after the write"},
	}
	for _, tt := range tests {
		r := access(t, k, testkit.Line(t, path, tt.marker), Read)
		found := false
		for _, p := range w.Prior {
			found = found || p == r
		}
		if found != tt.prior {
			t.Errorf("%s: prior %v, want %v (%s)", tt.marker, found, tt.prior, tt.reason)
		}
	}
}
