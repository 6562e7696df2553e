package symbolic

import (
	"testing"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/value"

	"hgrd/expr"
	"hgrd/internal/testkit"
)

// testHooks name loop counters k<ID> and leave everything else unknown.
type testHooks struct{}

func (testHooks) Leaf(v value.Value, w int) *expr.Term { return nil }
func (testHooks) Iteration(l *Loop) *expr.Term {
	return expr.Var("k", 32, expr.PerThread)
}
func (testHooks) UniformLoopValue(*ir.InstPhi, *Loop, int) *expr.Term { return nil }
func (testHooks) StableCall(*ir.InstCall) bool                        { return true }
func (testHooks) Opaque(_ value.Value, t *expr.Term) *expr.Term       { return t }

// TestLoopCounters checks the closed forms of an affine counter and of a
// shift recurrence by evaluating them at iteration 3.
func TestLoopCounters(t *testing.T) {
	u := testkit.Load(t, "testdata/loops.cu")
	f := u.Kernels[0].Func
	e := New(f, testHooks{}, expr.PerThread)
	var phis []*ir.InstPhi
	for _, b := range e.G.Blocks {
		for _, inst := range b.Insts {
			if p, ok := inst.(*ir.InstPhi); ok {
				phis = append(phis, p)
			}
		}
	}
	if len(phis) != 2 || len(e.G.Loops) != 2 {
		t.Fatalf("%d phis, %d loops; want 2 and 2", len(phis), len(e.G.Loops))
	}
	tests := []struct {
		phi    *ir.InstPhi
		want   uint64
		reason string
	}{
		{phis[0], 5 + 3*4, "i = threadIdx.x + 4k, with threadIdx.x = 5"},
		{phis[1], 256 >> 3, "s = 256 >> k"},
	}
	for _, tt := range tests {
		term := e.Term(tt.phi)
		env := expr.MapEnv{"k": 3}
		for _, v := range expr.Vars(term) {
			if v.Name != "k" {
				env[v.Name] = 5 // the thread index, the only other unknown
			}
		}
		got, err := expr.Eval(term, env)
		if err != nil || got != tt.want {
			t.Errorf("%s at k=3 = %d (%v), want %d (%s)", term, got, err, tt.want, tt.reason)
		}
	}
}
