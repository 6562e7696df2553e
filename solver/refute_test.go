package solver

import (
	"testing"

	"hgrd/expr"
)

// TestRefutedByBounds checks the quick refutation: a race between blocks
// of a grid of one block, a value below zero, an equality the bounds
// exclude; and that what bounds leave possible is not refuted.
func TestRefutedByBounds(t *testing.T) {
	b1, b2, grid := v32("ctaid.x#1"), v32("ctaid.x#2"), v32("nctaid.x")
	x, y := v32("x"), v32("y")
	oneBlock := []*expr.Term{expr.Eq(grid, c32(1)), expr.ULt(b1, grid), expr.ULt(b2, grid)}
	refuted := map[string][]*expr.Term{
		"two blocks of one": append(oneBlock, expr.AnyOf(expr.Ne(b1, b2), expr.Eq(x, c32(2))), expr.ULt(x, c32(2))),
		"below zero":        {expr.ULt(y, x), expr.ULe(x, c32(0))},
		"an excluded value": {expr.ULt(x, c32(4)), expr.AllOf(expr.Eq(y, y), expr.Eq(x, c32(9)))},
		"at least too much": {expr.ULt(x, c32(4)), expr.ULe(c32(4), x)},
	}
	for name, as := range refuted {
		if !refutedByBounds(as) {
			t.Errorf("%s: not refuted", name)
		}
	}
	possible := map[string][]*expr.Term{
		"two blocks of two": {expr.Eq(grid, c32(2)), expr.ULt(b1, grid), expr.ULt(b2, grid), expr.Ne(b1, b2)},
		"an allowed value":  {expr.ULt(x, c32(4)), expr.Eq(x, c32(3))},
		"no bounds":         {expr.Ne(x, y)},
		"a signed bound":    {expr.SLt(x, c32(1)), expr.Ne(x, c32(0))},
		"one disjunct left": append(oneBlock, expr.AnyOf(expr.Ne(b1, b2), expr.Eq(x, c32(2)))),
	}
	for name, as := range possible {
		if refutedByBounds(as) {
			t.Errorf("%s: refuted", name)
		}
	}
}

// TestFirstLookSkipsRefutedTrials checks that a trial the bounds refute
// is never a plan's first look: with a grid of (n + 15) / 16 blocks, a
// race between blocks needs n > 16, and the first trial that the bounds
// leave possible (n = 17) comes first.
func TestFirstLookSkipsRefutedTrials(t *testing.T) {
	n, grid := v32("n"), v32("nctaid.x")
	block := expr.VarWithRole("ntid.x", 32, expr.Shared, expr.Role{Kind: expr.BlockDim})
	side := func(name string) *expr.Term { return expr.Var(name, 32, expr.Instance) }
	b1, b2, t1, t2 := side("ctaid.x#1"), side("ctaid.x#2"), side("tid.x#1"), side("tid.x#2")
	q := &Query{Assertions: []*expr.Term{
		expr.Eq(block, c32(16)),
		expr.Eq(grid, expr.UDiv(expr.Add(n, c32(15)), c32(16))),
		expr.ULt(b1, grid), expr.ULt(b2, grid), expr.ULt(t1, block), expr.ULt(t2, block),
		expr.Ne(b1, b2),
		expr.Eq(expr.Add(expr.Mul(b1, n), t1), expr.Add(expr.Mul(b2, n), t2)),
	}}
	ts := trials(q)
	if len(ts) == 0 {
		t.Fatal("no trials")
	}
	first := firstPossible(ts)
	if first == nil || first.fixed["n"] != 17 {
		t.Fatalf("first possible trial %v, want n = 17", first)
	}
	for _, tr := range ts {
		if tr == first {
			break
		}
		if !tr.refuted() {
			t.Errorf("trial %v before it is not refuted", tr)
		}
	}
}

// TestCheckRefutesByBounds checks that a query the bounds of its
// assertions refute is unsat without an attempt: within a budget of one
// rlimit unit, where any attempt runs out.
func TestCheckRefutesByBounds(t *testing.T) {
	s := New(0)
	defer s.Close()
	s.SetBudget(1)
	b1, b2, grid := v32("ctaid.x#1"), v32("ctaid.x#2"), v32("nctaid.x")
	x, y := v32("x"), v32("y")
	hard := expr.Eq(expr.Mul(x, y), c32(1000003))
	q := &Query{Assertions: []*expr.Term{hard, expr.Eq(grid, c32(1)), expr.ULt(b1, grid), expr.ULt(b2, grid), expr.Ne(b1, b2)}}
	if r := mustCheck(t, s, q); r.Status != Unsat {
		t.Errorf("two blocks of a grid of one: %v, want unsat", r.Status)
	}
	q = &Query{Assertions: []*expr.Term{hard, expr.Eq(grid, c32(2)), expr.ULt(b1, grid), expr.ULt(b2, grid), expr.Ne(b1, b2)}}
	if r := mustCheck(t, s, q); r.Status == Unsat {
		t.Errorf("two blocks of a grid of two: unsat within one unit")
	}
}
