package analysis

import (
	"testing"

	"hgrd/expr"
	"hgrd/internal/testkit"
)

func TestRelevantFactsAreConnectedToTheGoal(t *testing.T) {
	v := func(name string) *expr.Term { return expr.Var(name, 32, expr.Shared) }
	x, n, m, k := v("x"), v("n"), v("m"), v("k")
	c := func(i uint64) *expr.Term { return expr.Const(i, 32) }
	facts := []*expr.Term{
		expr.AllOf(expr.ULt(x, n), expr.ULt(k, c(3))),     // x < n bears on the goal; k < 3 does not
		expr.Eq(n, expr.Add(m, c(1))),                     // through n
		expr.Implies(expr.ULt(x, n), expr.ULt(m, c(100))), // its premise is a fact: m < 100 holds
		expr.Eq(expr.Mul(m, m), c(4)),                     // not linear
	}
	goal := expr.ULt(x, c(101))
	got := map[string]bool{}
	for _, f := range relevant(detached(facts), []*expr.Term{goal}, expr.Linear) {
		got[testkit.Term(f)] = true
	}
	for _, want := range []string{"(x <u n)", "(n == (m + 1))", "(m <u 100)"} {
		if !got[want] {
			t.Errorf("missing %s among %v", want, got)
		}
	}
	for _, unwanted := range []string{"(k <u 3)", "((m * m) == 4)"} {
		if got[unwanted] {
			t.Errorf("kept %s: unconnected or not linear", unwanted)
		}
	}
}

func TestDetachedBoundsByAMinimum(t *testing.T) {
	v := func(name string) *expr.Term { return expr.Var(name, 32, expr.Shared) }
	i, end, n := v("i"), v("end"), v("n")
	guard := expr.SLt(i, expr.Ite(expr.SLt(end, n), end, n)) // i < min(end, n)
	got := map[string]bool{}
	for _, f := range relevant(detached([]*expr.Term{guard}), []*expr.Term{expr.SLt(i, end)}, expr.Simple) {
		got[testkit.Term(f)] = true
	}
	for _, want := range []string{"(i <s end)", "(i <s n)"} {
		if !got[want] {
			t.Errorf("missing %s among %v: a loop's guard against a minimum bounds its counter by each operand", want, got)
		}
	}
	if got[testkit.Term(guard)] {
		t.Errorf("kept %s, which is not simple", testkit.Term(guard))
	}
}

func TestProverUsesSmallFactsWithBranches(t *testing.T) {
	v := func(name string) *expr.Term { return expr.Var(name, 32, expr.Shared) }
	x, a, b, c := v("x"), v("a"), v("b"), v("c")
	// The last block's clamped count: x < (c > 0 ? a : b), with a <= b.
	facts := detached([]*expr.Term{expr.SLt(x, expr.Ite(expr.SLt(expr.Const(0, 32), c), a, b)), expr.SLe(a, b)})
	p := newProver(newPremiseAnswers())
	defer p.close()
	if !p.provesOne(facts, expr.SLt(x, b)) {
		t.Error("x < b not proven from x < (c > 0 ? a : b) and a <= b")
	}
	if p.provesOne(facts, expr.SLt(x, a)) {
		t.Error("x < a proven, which the facts do not imply")
	}
}
