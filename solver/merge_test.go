package solver

import (
	"testing"

	"hgrd/expr"
)

// holds evaluates the conjunction of q's assertions under env.
func holds(t *testing.T, q *Query, env expr.MapEnv) bool {
	t.Helper()
	for _, a := range q.Assertions {
		v, err := expr.Eval(a, env)
		if err != nil {
			t.Fatalf("eval %s: %v", a, err)
		}
		if v == 0 {
			return false
		}
	}
	return true
}

// mentions reports whether some assertion of q other than those equating
// two variables reads the variable name.
func mentions(q *Query, name string) bool {
	for _, a := range q.Assertions {
		if variableEquation(a) {
			continue
		}
		for _, v := range expr.Vars(a) {
			if v.Name == name {
				return true
			}
		}
	}
	return false
}

// TestMergedVariablesKeepsTheQuery merges the block indices that both
// disjuncts of a union query equate, and checks that the merged query
// holds at exactly the values at which the original holds, over every
// value of its 3-bit variables.
func TestMergedVariablesKeepsTheQuery(t *testing.T) {
	const w = 3
	b1, b2 := expr.Var("b1", w, expr.Instance), expr.Var("b2", w, expr.Instance)
	t1, t2 := expr.Var("t1", w, expr.Instance), expr.Var("t2", w, expr.Instance)
	c := expr.Var("c", w, expr.Shared)
	sameBlock := expr.Eq(b2, b1)
	q := &Query{Assertions: []*expr.Term{
		expr.Or(
			expr.And(sameBlock, expr.Not(expr.Eq(t1, t2))),
			expr.And(sameBlock, expr.ULt(t1, t2))),
		expr.ULt(expr.Add(expr.Mul(b1, c), t1), expr.Add(expr.Mul(b2, c), t2)),
	}}
	merged := mergedVariables(q)
	if mentions(merged, "b2") {
		t.Fatalf("b2 still read after the merge: %v", merged.Assertions)
	}
	if !mentions(merged, "b1") {
		t.Fatalf("b1 no longer read after the merge: %v", merged.Assertions)
	}
	for v := uint64(0); v < 1<<(5*w); v++ {
		env := expr.MapEnv{"b1": v & 7, "b2": v >> 3 & 7, "t1": v >> 6 & 7, "t2": v >> 9 & 7, "c": v >> 12 & 7}
		if holds(t, q, env) != holds(t, merged, env) {
			t.Fatalf("at %v the merged query disagrees with the original", env)
		}
	}
}

// TestMergedVariablesLeavesWhatIsNotImplied leaves a query alone whose
// equations hold in one disjunct only, or equate variables of two
// widths.
func TestMergedVariablesLeavesWhatIsNotImplied(t *testing.T) {
	x, y := expr.Var("x", 32, expr.Instance), expr.Var("y", 32, expr.Instance)
	z := expr.Var("z", 64, expr.Instance)
	oneDisjunct := &Query{Assertions: []*expr.Term{
		expr.Or(expr.Eq(x, y), expr.ULt(x, y)),
	}}
	if got := mergedVariables(oneDisjunct); got != oneDisjunct {
		t.Errorf("an equation of one disjunct merged: %v", got.Assertions)
	}
	widths := &Query{Assertions: []*expr.Term{expr.Eq(expr.ZExt(x, 64), z)}}
	if got := mergedVariables(widths); got != widths {
		t.Errorf("variables of two widths merged: %v", got.Assertions)
	}
}

// TestMergedVariablesKeepsFamily keeps the query's family, which hints
// at the attempts to plan.
func TestMergedVariablesKeepsFamily(t *testing.T) {
	x, y := expr.Var("x", 32, expr.Instance), expr.Var("y", 32, expr.Instance)
	q := &Query{Assertions: []*expr.Term{expr.Eq(x, y)}, Family: "pair"}
	if got := mergedVariables(q); got.Family != q.Family {
		t.Errorf("family %q after the merge, want %q", got.Family, q.Family)
	}
}
