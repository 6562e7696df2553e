package expr

import (
	"strings"
	"testing"
)

// visits returns the printed terms Inspect visits, in order.
func visits(t *Term, prune func(*Term) bool) []string {
	var out []string
	Inspect(t, func(u *Term) bool {
		out = append(out, u.String())
		return !prune(u)
	})
	return out
}

func TestInspectVisitsSharedSubtermsOnce(t *testing.T) {
	x, y := Var("x", 32, Shared), Var("y", 32, PerThread)
	s := Add(x, y)
	root := Mul(s, Sub(s, x)) // s and x are each reached twice
	got := strings.Join(visits(root, func(*Term) bool { return false }), "; ")
	want := "((x + y) * ((x + y) - x)); (x + y); x; y; ((x + y) - x)"
	if got != want {
		t.Errorf("Inspect visited %s, want %s (pre-order, each shared sub-term once)", got, want)
	}
}

func TestInspectPrunes(t *testing.T) {
	x, y, z := Var("x", 32, Shared), Var("y", 32, Shared), Var("z", 32, Shared)
	s := Add(x, y)
	root := Mul(s, Sub(z, s))
	got := strings.Join(visits(root, func(u *Term) bool { return u == s }), "; ")
	want := "((x + y) * (z - (x + y))); (x + y); (z - (x + y)); z"
	if got != want {
		t.Errorf("Inspect visited %s, want %s (a pruned term's operands are skipped, and it is not revisited)", got, want)
	}
}

func TestInspectorSharesVisitsAcrossCalls(t *testing.T) {
	x, y := Var("x", 32, Shared), Var("y", 32, Shared)
	s := Add(x, y)
	var in Inspector
	var got []string
	record := func(u *Term) bool { got = append(got, u.String()); return true }
	in.Inspect(Mul(s, y), record)
	in.Inspect(Sub(s, Const(1, 32)), record)
	want := "((x + y) * y); (x + y); x; y; ((x + y) - 1); 1"
	if strings.Join(got, "; ") != want {
		t.Errorf("Inspector visited %s, want %s", strings.Join(got, "; "), want)
	}
}

func TestInspectorReentrant(t *testing.T) {
	x, y := Var("x", 32, Shared), Var("y", 32, Shared)
	extra := Add(y, Const(2, 32))
	var in Inspector
	var got []string
	var visit func(u *Term) bool
	visit = func(u *Term) bool {
		got = append(got, u.String())
		if u == x {
			in.Inspect(extra, visit) // walked before x's operands, once
		}
		return true
	}
	in.Inspect(Mul(x, extra), visit)
	want := "(x * (y + 2)); x; (y + 2); y; 2"
	if strings.Join(got, "; ") != want {
		t.Errorf("Inspector visited %s, want %s", strings.Join(got, "; "), want)
	}
}

func TestEqual(t *testing.T) {
	x8, y8 := Var("x", 8, Shared), Var("y", 8, Shared)
	tests := []struct {
		a, b   *Term
		want   bool
		reason string
	}{
		{Add(Var("x", 8, Shared), y8), Add(x8, Var("y", 8, Shared)), true, "distinct pointers, same structure"},
		{ZExt(x8, 32), SExt(x8, 32), false, "both print as x"},
		{ULt(x8, y8), SLt(x8, y8), false, "both print as (x < y)"},
		{Var("x", 8, Shared), Var("x", 16, Shared), false, "widths differ"},
		{Var("x", 8, Shared), Var("x", 8, PerThread), false, "scopes differ"},
		{Const(1, 8), Const(1, 8), true, "equal constants"},
		{Const(1, 8), Const(2, 8), false, "values differ"},
		{Apply("f", 8, x8), Apply("f", 8, x8, y8), false, "operand counts differ"},
	}
	for _, tt := range tests {
		if got := Equal(tt.a, tt.b); got != tt.want {
			t.Errorf("Equal(%s, %s) = %v, want %v (%s)", tt.a, tt.b, got, tt.want, tt.reason)
		}
	}
}

func TestEqualSharedDAGIsLinear(t *testing.T) {
	// Each level doubles the printed size; 64 levels could not be
	// compared by walking the tree.
	a, b := Var("x", 32, Shared), Var("x", 32, Shared)
	for i := 0; i < 64; i++ {
		a, b = Apply("f", 32, a, a), Apply("f", 32, b, b)
	}
	if !Equal(a, b) {
		t.Error("Equal of two copies of a deep DAG is false")
	}
}

func TestInternerReturnsFirstEqualTerm(t *testing.T) {
	var in Interner
	first := Add(Var("x", 32, Shared), Const(1, 32))
	again := Add(Var("x", 32, Shared), Const(1, 32))
	other := Sub(Var("x", 32, Shared), Const(1, 32))
	if got := in.Intern(first); got != first {
		t.Errorf("Intern(first) = %p, want the term itself", got)
	}
	if got := in.Intern(again); got != first {
		t.Errorf("Intern of an equal term = %p, want the first one %p", got, first)
	}
	if got := in.Intern(other); got != other {
		t.Errorf("Intern of a different term = %p, want the term itself", got)
	}
}

func TestConjunctsAndPins(t *testing.T) {
	x, y := Var("x", 32, Shared), Var("y", 32, Shared)
	c := Const(3, 32)
	fact := AllOf(Eq(c, x), AllOf(ULt(y, c), Eq(x, y)))
	cs := Conjuncts(fact)
	if len(cs) != 3 {
		t.Fatalf("%d conjuncts, want 3", len(cs))
	}
	if v, k, ok := Pin(cs[0]); !ok || v != x || k.Value != 3 {
		t.Errorf("3 == x: pin %v %v %v, want x and 3", v, k, ok)
	}
	for _, f := range cs[1:] {
		if _, _, ok := Pin(f); ok {
			t.Errorf("%v read as a pin", f)
		}
	}
}

// TestInspectNested checks that a walk started by Inspect inside
// another's visit has a visited set of its own, though both come from
// one pool: the inner walk sees terms the outer one visited, and the
// outer walk goes on as if there were none.
func TestInspectNested(t *testing.T) {
	x, y := Var("x", 32, Shared), Var("y", 32, Shared)
	s := Add(x, y)
	var inner []string
	outer := visits(Mul(s, x), func(u *Term) bool {
		if u == s {
			inner = visits(Sub(x, y), func(*Term) bool { return false })
		}
		return false
	})
	if got, want := strings.Join(outer, "; "), "((x + y) * x); (x + y); x; y"; got != want {
		t.Errorf("outer walk visited %s, want %s", got, want)
	}
	if got, want := strings.Join(inner, "; "), "(x - y); x; y"; got != want {
		t.Errorf("inner walk visited %s, want %s", got, want)
	}
}
