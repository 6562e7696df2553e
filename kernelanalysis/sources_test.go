package kernelanalysis

import (
	"testing"

	"hgrd/expr"
	"hgrd/internal/testkit"
)

// TestSources checks which loads read what the one store of their object
// wrote in an earlier barrier epoch, and which thread's store the store's
// condition names.
func TestSources(t *testing.T) {
	const path = "testdata/sources.cu"
	kernels := analyzeFile(t, path)
	tests := []struct {
		kernel string
		source bool
		writer [3]string // the fixed threadIdx per axis, "" where none
		loops  int
		reason string
	}{
		{"broadcast", true, [3]string{"0", "", ""}, 0, "thread 0 stores base before the barrier"},
		{"lastThread", true, [3]string{"(ntid.x - 1)", "", ""}, 0, "the last thread stores total; blockDim.x - 1 is the same for the block"},
		{"rows", true, [3]string{"0", "", ""}, 0, "thread (0, y) stores row y's first"},
		{"queue", true, [3]string{"0", "", ""}, 1, "in each iteration, thread 0 stores the task before the barrier"},
		{"twoStores", false, [3]string{}, 0, "two stores of base: which one the load reads is not one store's"},
		{"storeAfter", false, [3]string{}, 0, "the store comes after the load: the load reads what was there before"},
		{"storeInLoop", false, [3]string{}, 0, "a store in a loop without the load: which iteration stored s[3] is unknown"},
		{"atomicWrites", false, [3]string{}, 0, "atomics write base too"},
	}
	for _, tt := range tests {
		k := kernels[tt.kernel]
		w := access(t, k, testkit.Line(t, path, tt.kernel), Write)
		var src *Source
		expr.Inspect(w.Offset, func(x *expr.Term) bool {
			if x.Op == expr.OpApply && k.Unknowns[x.Name].Source != nil {
				src = k.Unknowns[x.Name].Source
			}
			return true
		})
		if (src != nil) != tt.source {
			t.Errorf("%s: source %v, want one: %v (%s)", tt.kernel, src, tt.source, tt.reason)
			continue
		}
		if src == nil {
			continue
		}
		for axis, want := range tt.writer {
			got := ""
			if src.Writer[axis] != nil {
				got = src.Writer[axis].String()
			}
			if got != want {
				t.Errorf("%s: writer's threadIdx on axis %d is %q, want %q (%s)", tt.kernel, axis, got, want, tt.reason)
			}
		}
		if len(src.Iterations) != tt.loops {
			t.Errorf("%s: %d iterations, want %d (%s)", tt.kernel, len(src.Iterations), tt.loops, tt.reason)
		}
	}
}
