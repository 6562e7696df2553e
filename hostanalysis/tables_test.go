package hostanalysis

import (
	"slices"
	"testing"
)

// TestLaunchersFromTables checks that a call through a pointer walks
// the launchers the pointer may hold, with the call's arguments: the
// block size each launch gets is the one the call passes.
func TestLaunchersFromTables(t *testing.T) {
	type launch struct {
		block     int64
		unreached bool
	}
	got := map[string][]launch{}
	for _, la := range launchesOf(t, "testdata/tables.cu") {
		got[la.Kernel.Name] = append(got[la.Kernel.Name], launch{la.BlockDim[0], la.Unreached})
	}
	tests := []struct {
		kernels []string
		want    launch
		reason  string
	}{
		{[]string{"fromConstTable<1>", "fromConstTable<2>"}, launch{64, false},
			"a constant global table indexed by a runtime value: every entry"},
		{[]string{"fromLocalTable<1>", "fromLocalTable<4>"}, launch{128, false},
			"a local copy of a constant table indexed by a runtime value: every entry"},
		{[]string{"fromPickedEntry<2>"}, launch{512, false},
			"a local copy of a constant table indexed by the constant 1: that entry"},
		{[]string{"fromPickedEntry<1>", "fromPickedEntry<8>"}, launch{0, true},
			"the entries the constant index does not pick: launchers no call reaches"},
		{[]string{"fromOpaque<1>", "fromOpaque<2>"}, launch{0, true},
			"a pointer returned by a call, not followed: launchers no call reaches"},
		{[]string{"otherType"}, launch{32, false},
			"no call has its launcher's type: the launch of a function no call reaches"},
	}
	for _, tt := range tests {
		for _, k := range tt.kernels {
			if want := []launch{tt.want}; !slices.Equal(got[k], want) {
				t.Errorf("%s: launches %v, want %v (%s)", k, got[k], want, tt.reason)
			}
		}
	}
}
