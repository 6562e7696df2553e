package hostanalysis

import (
	"testing"

	"hgrd/expr"
)

// TestDistinctLists finds the index lists thrust makes distinct at each
// launch of testdata/distinct.cu, and none where something may have
// made two entries equal.
func TestDistinctLists(t *testing.T) {
	want := map[string]struct {
		distinct bool
		writers  int // kernel parameters passed the list between its making and the launch
	}{
		"afterSequence":  {true, 0},
		"inLoop":         {true, 0},
		"afterUnique":    {true, 0},
		"afterLaunch":    {true, 1},
		"sortedOnly":     {false, 0},
		"uniqueNear":     {false, 0},
		"afterTransform": {false, 0},
		"afterMemset":    {false, 0},
		"intoOffset":     {false, 0},
		"throughAlias":   {false, 0},
		"afterReduce":    {true, 0},
		"afterRemove":    {true, 0},
		"sortedValues":   {true, 1},
		"inShrinking":    {true, 0},
	}
	seen := map[string]bool{}
	for _, la := range launchesOf(t, "testdata/distinct.cu") {
		w, ok := want[la.Kernel.Name]
		if !ok {
			continue
		}
		seen[la.Kernel.Name] = true
		d := la.Pointers[0].Distinct
		if (d != nil) != w.distinct {
			t.Errorf("%s: distinct list %v, want %v", la.Kernel.Name, d != nil, w.distinct)
			continue
		}
		if d == nil {
			continue
		}
		if d.ElemSize != 4 || len(d.Writers) != w.writers {
			t.Errorf("%s: %d-byte elements after %d writers, want 4 after %d", la.Kernel.Name, d.ElemSize, len(d.Writers), w.writers)
		}
		// The list's length is the launch's length argument: the same
		// host value, so that the kernel's i < n keeps i inside it.
		if n := expr.SExt(la.Args[1], 64); !expr.Equal(d.Count, n) {
			t.Errorf("%s: %s distinct elements, want the argument's %s", la.Kernel.Name, d.Count, n)
		}
	}
	for name := range want {
		if !seen[name] {
			t.Errorf("no launch of %s", name)
		}
	}
}
