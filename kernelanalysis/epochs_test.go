package kernelanalysis

import (
	"testing"

	"hgrd/expr"
	"hgrd/internal/testkit"
)

// TestEpochLoads checks which loads of shared memory the kernel writes
// read one value for the block: the index of each kernel's write is the
// same for two threads in one iteration of the loops around it (it
// mentions no per-thread variable but block indices and iteration counts)
// exactly when its load is in one barrier epoch.
func TestEpochLoads(t *testing.T) {
	const path = "testdata/epochs.cu"
	kernels := analyzeFile(t, path)
	tests := []struct {
		kernel string
		one    bool
		reason string
	}{
		{"broadcast", true, "loaded once, after the barrier every thread passes"},
		{"earlyExit", true, "the threads that return early never load"},
		{"syncLoop", true, "two threads in the same iteration load between the same two barriers"},
		{"divergentBarrier", false, "a barrier under a thread-dependent condition splits the threads' epochs"},
		{"divergentLoop", false, "before the load, a loop with a barrier whose trip count depends on the thread: threads reach the load past different barriers"},
		{"fenced", false, "a fence may order a write between two threads' loads (a lock, a flag)"},
	}
	for _, tt := range tests {
		k := kernels[tt.kernel]
		w := access(t, k, testkit.Line(t, path, tt.kernel), Write)
		if one := !perThreadInBlock(w.Offset); one != tt.one {
			t.Errorf("%s: offset %v read in one epoch = %v, want %v (%s)", tt.kernel, w.Offset, one, tt.one, tt.reason)
		}
	}
}

// perThreadInBlock reports whether a term mentions a per-thread variable
// that may differ between two threads of a block in one iteration: any
// but the block indices and the loops' iteration counts.
func perThreadInBlock(t *expr.Term) bool {
	found := false
	expr.Inspect(t, func(x *expr.Term) bool {
		found = found || x.Op == expr.OpVar && x.Scope == expr.PerThread &&
			x.Role.Kind != expr.BlockIndex && x.Role.Kind != expr.LoopCounter
		return !found
	})
	return found
}

// TestEpochLoadSites checks that two loads of one object share their
// function when nothing between them writes the object: a thread that
// loads one address at both reads one value.
func TestEpochLoadSites(t *testing.T) {
	const path = "testdata/epochs.cu"
	kernels := analyzeFile(t, path)
	for _, tt := range []struct {
		kernel string
		funcs  int
	}{
		{"twoSites", 1},
		{"writeBetween", 2}, // s[threadIdx.x] written between the loads
	} {
		w := access(t, kernels[tt.kernel], testkit.Line(t, path, tt.kernel), Write)
		names := map[string]bool{}
		expr.Inspect(w.Offset, func(x *expr.Term) bool {
			if x.Op == expr.OpApply {
				names[x.Name] = true
			}
			return true
		})
		if len(names) != tt.funcs {
			t.Errorf("%s: offset %v applies %d functions, want %d", tt.kernel, w.Offset, len(names), tt.funcs)
		}
	}
}
