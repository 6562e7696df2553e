package solver

import (
	"testing"

	"hgrd/expr"
)

// pythagorasQuery asks for x*x + y*y == z*z in 32 bits with x > low and
// f(x) == 7, observing x*y: a product Z3 needs more than a tiny budget
// for.
func pythagorasQuery(low uint64) *Query {
	x, y, z := v32("x"), v32("y"), v32("z")
	return &Query{
		Assertions: []*expr.Term{
			expr.Eq(expr.Add(expr.Mul(x, x), expr.Mul(y, y)), expr.Mul(z, z)),
			expr.ULt(c32(low), x),
			expr.Eq(expr.Apply("f", 32, x), c32(7)),
			expr.Eq(v32("w"), c32(0)),
		},
		Observe: []*expr.Term{expr.Mul(x, y)},
	}
}

// TestRecentModelAnswersQuery checks that a Solver answers a query with
// the model of an earlier one when the query holds under it, reading the
// variables and applications that model does not name as 0, and that a
// query the model falsifies is left to Z3.
func TestRecentModelAnswersQuery(t *testing.T) {
	const tiny = 100
	fresh := New(tiny)
	defer fresh.Close()
	if r := mustCheck(t, fresh, pythagorasQuery(0)); r.Status != Unknown {
		t.Fatalf("a fresh Solver with budget %d answers %v; the test needs a query it cannot decide", tiny, r.Status)
	}

	s := New(0)
	defer s.Close()
	x, y, z := v32("x"), v32("y"), v32("z")
	first := mustCheck(t, s, &Query{Assertions: []*expr.Term{
		expr.Eq(x, c32(3)), expr.Eq(y, c32(4)), expr.Eq(z, c32(5)),
		expr.Eq(expr.Apply("f", 32, x), c32(7)),
	}})
	if first.Status != Sat {
		t.Fatalf("first query: %v, want sat", first.Status)
	}
	s.SetBudget(tiny)
	q := pythagorasQuery(0)
	r := mustCheck(t, s, q)
	if r.Status != Sat || r.Values[0] != 12 || r.Vars["w"] != 0 {
		t.Fatalf("query the first model satisfies: %v, values %v, vars %v; want sat with x*y = 12 and w = 0", r.Status, r.Values, r.Vars)
	}
	verifyModel(t, q, r)
	if r := mustCheck(t, s, pythagorasQuery(3)); r.Status != Unknown {
		t.Errorf("query the first model falsifies (x > 3): %v with %v, want unknown within budget %d", r.Status, r.Vars, tiny)
	}
}
