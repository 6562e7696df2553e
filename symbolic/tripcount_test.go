package symbolic

import (
	"testing"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/types"

	"hgrd/expr"
	"hgrd/frontend"
	"hgrd/internal/testkit"
)

// TestTripCount checks the trip counts of counted loops, evaluated at
// values of the kernels' parameters, and that loops with another exit,
// another step, or a bound that changes with an enclosing loop have
// none there.
func TestTripCount(t *testing.T) {
	u := testkit.Load(t, "testdata/tripcount.cu")
	tests := []struct {
		kernel string
		loop   int    // the loop's position among the kernel's loops
		within bool   // asked within the enclosing loop, not its own
		params []int  // the values of the kernel's parameters after the pointer
		want   uint64 // the trip count
		none   bool   // no trip count
	}{
		{kernel: "counted", params: []int{3, 10}, want: 7},
		{kernel: "counted", params: []int{10, 3}, want: 0},
		{kernel: "counted", params: []int{-5, -2}, want: 3},
		{kernel: "countedUnsigned", params: []int{4}, want: 4},
		{kernel: "countedUnsigned", params: []int{0}, want: 0},
		{kernel: "inclusive", params: []int{3, 10}, want: 8},
		{kernel: "inclusive", params: []int{10, 10}, want: 1},
		{kernel: "inclusive", params: []int{11, 10}, want: 0},
		{kernel: "inclusive", params: []int{-2147483648, 2147483647}, want: 1 << 32},
		{kernel: "exitTest", params: []int{5}, want: 5},
		{kernel: "breaks", none: true},
		{kernel: "strided", none: true},
		{kernel: "nested", loop: 1, within: true, params: []int{4, 6}, want: 6},
		{kernel: "nested", loop: 2, within: true, none: true},
		{kernel: "nested", loop: 2, params: []int{4, 6}, want: 0}, // within its own loop, at i = 0
	}
	for _, tt := range tests {
		k := kernelNamed(t, u, tt.kernel)
		e := New(k.Func, testHooks{}, expr.PerThread)
		l := e.G.Loops[tt.loop]
		outer := l
		if tt.within {
			outer = l.Parent
		}
		trip, ok := e.TripCount(l, outer)
		if ok == tt.none {
			t.Errorf("%s loop %d: trip count %v, want none: %v", tt.kernel, tt.loop, trip, tt.none)
			continue
		}
		if !ok {
			continue
		}
		env := expr.MapEnv{}
		for i, v := range tt.params {
			env[e.Term(k.Func.Params[i+1]).Name] = uint64(int64(v)) & (1<<32 - 1)
		}
		for _, v := range expr.Vars(trip) {
			if _, set := env[v.Name]; !set {
				env[v.Name] = 0 // the entry value of an inner loop's counter
			}
		}
		got, err := expr.Eval(trip, env)
		if err != nil || got != tt.want {
			t.Errorf("%s loop %d at %v: %s = %d (%v), want %d", tt.kernel, tt.loop, tt.params, trip, got, err, tt.want)
		}
	}
}

// kernelNamed returns the kernel of a unit with a source name.
func kernelNamed(t *testing.T, u *frontend.Unit, name string) *frontend.Kernel {
	t.Helper()
	for _, k := range u.Kernels {
		if k.Name == name {
			return k
		}
	}
	t.Fatalf("no kernel %s", name)
	return nil
}

// TestNestedLoopIndex checks that an index an inner counted loop
// advances is affine in the outer loop: at the top of the outer loop's
// iteration k it is k times the inner loop's trip count.
func TestNestedLoopIndex(t *testing.T) {
	u := testkit.Load(t, "testdata/tripcount.cu")
	k := kernelNamed(t, u, "nestedIndex")
	e := New(k.Func, testHooks{}, expr.PerThread)
	outer := e.G.Loops[0]
	var idx *ir.InstPhi
	for _, inst := range outer.Header.Insts {
		if p, ok := inst.(*ir.InstPhi); ok && p.Type().Equal(types.I32) && e.BackEdgeValue(p, outer) != nil {
			if _, ok := e.BackEdgeValue(p, outer).(*ir.InstPhi); ok {
				idx = p
			}
		}
	}
	if idx == nil {
		t.Fatal("no phi of the outer loop carried by the inner loop")
	}
	term := e.Term(idx)
	for _, m := range []int64{0, 5, -3} {
		env := expr.MapEnv{"k": 4, e.Term(k.Func.Params[2]).Name: uint64(m) & (1<<32 - 1)}
		got, err := expr.Eval(term, env)
		want := uint64(4*max(m, 0)) & (1<<32 - 1)
		if err != nil || got != want {
			t.Errorf("idx at k=4, m=%d: %s = %d (%v), want %d", m, term, got, err, want)
		}
	}
}

// TestFirstFailure finds the iteration at which a tree loop's test,
// 0 < 64 >> k, first fails, and no iteration for a test that reads
// another unknown or holds at every count it evaluates.
func TestFirstFailure(t *testing.T) {
	k := expr.Var("k", 32, expr.PerThread)
	halving := expr.SLt(expr.Const(0, 32), expr.AShr(expr.Const(64, 32), k))
	if n, ok := FirstFailure(halving, k); !ok || n != 7 {
		t.Errorf("0 < 64 >> k first fails at %d (%v), want 7", n, ok)
	}
	// Fails at 2, holds again at 3: the loop left at 2.
	dip := expr.Not(expr.Eq(k, expr.Const(2, 32)))
	if n, ok := FirstFailure(dip, k); !ok || n != 2 {
		t.Errorf("k != 2 first fails at %d (%v), want 2", n, ok)
	}
	m := expr.Var("m", 32, expr.Shared)
	if _, ok := FirstFailure(expr.ULt(k, m), k); ok {
		t.Error("k < m, an unknown bound, given an exit iteration")
	}
	if _, ok := FirstFailure(expr.ULt(k, expr.Const(1<<20, 32)), k); ok {
		t.Error("k < 2^20 given an exit iteration past the evaluated ones")
	}
}
