package solver

import (
	"testing"

	"hgrd/expr"
)

// TestFactoredDisjunctionsKeepsTheQuery factors a disjunction of two
// paths that share a loop's test, and an implication whose premise is
// that test, and checks that the factored query holds at exactly the
// values at which the original holds (every value of its 2-bit
// variables), and that the test no longer joins the race's part to the
// loop's unknowns.
func TestFactoredDisjunctionsKeepsTheQuery(t *testing.T) {
	const w = 2
	tid, bid, n := expr.Var("tid", w, expr.Instance), expr.Var("bid", w, expr.Instance), expr.Var("n", w, expr.Shared)
	idx := expr.Var("idx", w, expr.Instance)
	loop := expr.ULt(bid, n)
	first := expr.Eq(tid, expr.Const(0, w))
	q := &Query{
		Assertions: []*expr.Term{
			expr.Or(expr.And(loop, first), expr.And(loop, expr.Not(first))),
			expr.Implies(loop, expr.Eq(idx, expr.Add(tid, expr.Const(1, w)))),
		},
		Observe: []*expr.Term{idx},
	}
	factored := factoredDisjunctions(q)
	if factored == q {
		t.Fatal("nothing factored")
	}
	for _, a := range factored.Assertions {
		if a.Op == expr.OpOr {
			t.Errorf("the branch's two paths stay a disjunction: %v", a)
		}
	}
	for v := uint64(0); v < 1<<(4*w); v++ {
		env := expr.MapEnv{"tid": v & 3, "bid": v >> 2 & 3, "n": v >> 4 & 3, "idx": v >> 6 & 3}
		if holds(t, q, env) != holds(t, factored, env) {
			t.Fatalf("at %v the factored query disagrees with the original: %v", env, factored.Assertions)
		}
	}
	race, rest := independentParts(factored)
	if rest == nil {
		t.Fatalf("the factored query does not fall apart: %v", factored.Assertions)
	}
	for _, a := range race.Assertions {
		for _, v := range expr.Vars(a) {
			if v.Name == "bid" || v.Name == "n" {
				t.Errorf("the race's part still reads %s: %v", v.Name, race.Assertions)
			}
		}
	}
}

// TestFactoredDisjunctionsLeavesOthers leaves a query alone whose
// disjuncts share nothing and whose implications' premises are not
// asserted.
func TestFactoredDisjunctionsLeavesOthers(t *testing.T) {
	x, y := expr.Var("x", 8, expr.Instance), expr.Var("y", 8, expr.Instance)
	q := &Query{Assertions: []*expr.Term{
		expr.Or(expr.ULt(x, y), expr.ULt(y, x)),
		expr.Implies(expr.Eq(x, expr.Const(3, 8)), expr.Eq(y, expr.Const(4, 8))),
	}}
	if got := factoredDisjunctions(q); got != q {
		t.Errorf("factored %v", got.Assertions)
	}
}
