package symbolic

import (
	"testing"

	"github.com/llir/llvm/ir/value"

	"hgrd/expr"
	"hgrd/internal/testkit"
)

// opaqueHooks are testHooks whose Opaque stands a function of x for a
// value, and counts its calls.
type opaqueHooks struct {
	testHooks
	calls *int
}

func (h opaqueHooks) Opaque(_ value.Value, t *expr.Term) *expr.Term {
	*h.calls++
	return expr.Apply("opaque", t.Width, expr.Vars(t)...)
}

// chain returns x mixed n times: about 3n distinct operations and
// constants.
func chain(x *expr.Term, n int) *expr.Term {
	t := x
	for i := 0; i < n; i++ {
		t = expr.Xor(expr.Mul(t, expr.Const(uint64(2*i+3), 32)), x)
	}
	return t
}

// TestLongValuesAreOpaque checks that a value of more operations than
// MaxValueOperations goes to Opaque and one of fewer does not; that a
// value computed from an opaque one is opaque too, however few its own
// operations; and that a term Opaque keeps (the host's) is kept.
func TestLongValuesAreOpaque(t *testing.T) {
	u := testkit.Load(t, "testdata/loops.cu")
	f := u.Kernels[0].Func
	calls := 0
	e := New(f, opaqueHooks{calls: &calls}, expr.PerThread)
	x := expr.Var("x", 32, expr.PerThread)
	short := chain(x, MaxValueOperations/4)
	if got := e.bounded(nil, short); got != short || calls != 0 {
		t.Fatalf("a value of %d operations: %s, %d calls; want it kept", e.operations(short), got, calls)
	}
	long := e.bounded(nil, chain(x, MaxValueOperations))
	if long.Op != expr.OpApply || calls != 1 {
		t.Fatalf("a value of over %d operations: %s, %d calls; want an opaque value", MaxValueOperations, long, calls)
	}
	if got := e.bounded(nil, expr.Add(long, expr.Const(1, 32))); got.Op != expr.OpApply || calls != 2 {
		t.Errorf("one operation on an opaque value: %s, %d calls; want an opaque value", got, calls)
	}
	if got := e.bounded(nil, expr.Add(short, expr.Const(1, 32))); got.Op == expr.OpApply || calls != 2 {
		t.Errorf("one operation on a short value: %s, %d calls; want it kept", got, calls)
	}
	host := New(f, testHooks{}, expr.Shared)
	kept := chain(x, MaxValueOperations)
	if got := host.bounded(nil, kept); got != kept || len(host.opaque) != 0 {
		t.Errorf("a long value the hooks keep: %s; want it kept and not counted as opaque", got)
	}
}
