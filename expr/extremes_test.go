package expr

import "testing"

func TestExtremeBounds(t *testing.T) {
	i, a, b, m := Var("i", 32, PerThread), Var("a", 32, Shared), Var("b", 32, Shared), Var("m", 32, Shared)
	smin := func(x, y *Term) *Term { return Ite(SLt(x, y), x, y) }
	smax := func(x, y *Term) *Term { return Ite(SLt(x, y), y, x) }
	joined := AnyOf(Not(SLt(a, b)), SLt(a, b)) // the path condition of a select compiled as a branch
	for _, tc := range []struct {
		reason string
		fact   *Term
		want   []*Term
	}{
		{"below a minimum is below both operands", SLt(i, smin(a, b)), []*Term{SLt(i, a), SLt(i, b)}},
		{"non-strict and with <= in the minimum", SLe(i, Ite(SLe(a, b), a, b)), []*Term{SLe(i, a), SLe(i, b)}},
		{"the minimum with its comparison reversed", SLt(i, Ite(SLt(b, a), b, a)), []*Term{SLt(i, b), SLt(i, a)}},
		{"a negated comparison is the reversed one", Not(SLe(smin(a, b), i)), []*Term{SLt(i, a), SLt(i, b)}},
		{"a minimum of a minimum bounds by all three", SLt(i, smin(smin(a, b), m)), []*Term{SLt(i, a), SLt(i, b), SLt(i, m)}},
		{"above a maximum is above both operands", SLe(smax(a, b), i), []*Term{SLe(b, i), SLe(a, i)}},
		{"a select's condition may carry a joined path's tautology", SLt(i, Ite(AllOf(joined, SLt(a, b)), a, b)), []*Term{SLt(i, a), SLt(i, b)}},
		{"unsigned bounds of an unsigned minimum", ULt(i, Ite(ULt(a, b), a, b)), []*Term{ULt(i, a), ULt(i, b)}},
		{"a signed minimum does not bound an unsigned comparison", ULt(i, smin(a, b)), []*Term{}},
		{"below a maximum is a disjunction", SLt(i, smax(a, b)), []*Term{}},
		{"above a minimum is a disjunction", SLt(smin(a, b), i), []*Term{}},
		{"a select on another condition is no extreme", SLt(i, Ite(SLt(a, m), a, b)), []*Term{}},
		{"a condition with another conjunct is no extreme", SLt(i, Ite(AllOf(SLt(m, b), SLt(a, b)), a, b)), []*Term{}},
		{"no extreme, no bounds", SLt(i, a), []*Term{}},
	} {
		got := ExtremeBounds(tc.fact)
		same := len(got) == len(tc.want)
		for k := 0; same && k < len(got); k++ {
			same = Equal(got[k], tc.want[k])
		}
		if !same {
			t.Errorf("%s: ExtremeBounds(%s) = %v, want %v", tc.reason, tc.fact, got, tc.want)
		}
	}
}
