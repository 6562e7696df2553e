package solver

import (
	"testing"

	"hgrd/expr"
)

// withDispatch returns renamedQuery's question (unsat) under an unrelated
// host condition, a variable of its own that differs from a constant.
func withDispatch(x, y, host string, differsFrom uint64) *Query {
	q := renamedQuery(x, y, false)
	q.Assertions = append(q.Assertions, expr.Ne(v32(host), c32(differsFrom)))
	return q
}

// TestIndependentPartsShareAnswers checks that a question asked again
// under other names and under an unrelated condition of another shape (a
// template's instantiations dispatched on a host value: inType != 0,
// inType != 1) is answered from the Solver's memory: the part that bears
// on the question is remembered apart from the condition.
func TestIndependentPartsShareAnswers(t *testing.T) {
	s := New(0)
	defer s.Close()
	if r := mustCheck(t, s, withDispatch("_Z3runIcE.x", "tid.x#1", "_Z3runIcE.inType", 0)); r.Status != Unsat {
		t.Fatalf("first question: %v, want unsat", r.Status)
	}
	remembered := len(s.answers)
	if r := mustCheck(t, s, withDispatch("_Z3runIiE.x", "tid.x#2", "_Z3runIiE.inType", 1)); r.Status != Unsat {
		t.Fatalf("renamed question: %v, want unsat", r.Status)
	}
	if len(s.answers) != remembered {
		t.Errorf("%d answers remembered after the renamed question, want the %d of the first: its part was asked again", len(s.answers), remembered)
	}
}

// TestIndependentPartsDecideTheWhole checks the verdicts of a query in
// independent parts: unsat when only the part without observed terms is,
// and sat with a model of every part, observed values included.
func TestIndependentPartsDecideTheWhole(t *testing.T) {
	s := New(0)
	defer s.Close()
	x, y, h := v32("x"), v32("y"), v32("h")
	offset := expr.Add(expr.Mul(x, c32(4)), y)
	race := []*expr.Term{expr.Eq(offset, c32(9)), expr.ULt(y, c32(4))}

	infeasible := &Query{Assertions: append(append([]*expr.Term(nil), race...), expr.ULt(h, c32(3)), expr.ULt(c32(5), h)), Observe: []*expr.Term{offset}}
	if _, rest := independentParts(infeasible); rest == nil || len(rest.Assertions) != 2 {
		t.Fatalf("rest %v, want the host's two conditions", rest)
	}
	if r := mustCheck(t, s, infeasible); r.Status != Unsat {
		t.Errorf("infeasible host path: %v, want unsat", r.Status)
	}

	feasible := &Query{Assertions: append(append([]*expr.Term(nil), race...), expr.Eq(h, c32(7))), Observe: []*expr.Term{offset, h}}
	r := mustCheck(t, s, feasible)
	if r.Status != Sat {
		t.Fatalf("feasible: %v, want sat", r.Status)
	}
	if r.Values[0] != 9 || r.Values[1] != 7 || r.Vars["h"] != 7 || (r.Vars["x"]*4+r.Vars["y"])&0xffffffff != 9 {
		t.Errorf("model %v with values %v, want x*4+y = 9 and h = 7", r.Vars, r.Values)
	}
}

// TestIndependentPartsJoinThroughFunctions checks that assertions sharing
// only an uninterpreted function, or linked through an observed term,
// stay one part.
func TestIndependentPartsJoinThroughFunctions(t *testing.T) {
	a, b := v32("a"), v32("b")
	load := func(v *expr.Term) *expr.Term { return expr.Apply("mem", 32, v) }
	shared := &Query{Assertions: []*expr.Term{expr.Eq(load(a), c32(1)), expr.Eq(load(b), c32(2))}}
	if _, rest := independentParts(shared); rest != nil {
		t.Errorf("loads of one memory: divided, with rest %v", rest.Assertions)
	}
	linked := &Query{Assertions: []*expr.Term{expr.ULt(a, c32(1)), expr.ULt(b, c32(2))}, Observe: []*expr.Term{expr.Add(a, b)}}
	if _, rest := independentParts(linked); rest != nil {
		t.Errorf("linked by an observed term: divided, with rest %v", rest.Assertions)
	}
}

// TestIndependentPartsHardRest checks that a query whose part apart from
// its race is hard (a factoring question) is unsat at once when its
// race's part, contradictory on its face, is: the rest is not searched
// first.
func TestIndependentPartsHardRest(t *testing.T) {
	s := New(2_000_000)
	defer s.Close()
	x, y, a := v32("x"), v32("y"), v32("a")
	one := c32(1)
	// Factors of 32 bits of a 64-bit prime: none, which Z3 proves only
	// by search.
	factoring := []*expr.Term{
		expr.Eq(expr.Mul(expr.ZExt(x, 64), expr.ZExt(y, 64)), expr.Const(0xFFFFFFFFFFFFFFC5, 64)),
		expr.ULt(one, x), expr.ULt(one, y),
	}
	race := []*expr.Term{expr.ULt(a, c32(2)), expr.ULt(c32(5), a)}
	q := &Query{Assertions: append(factoring, race...), Observe: []*expr.Term{a}}
	if r := mustCheck(t, s, q); r.Status != Unsat {
		t.Errorf("%v (%s), want unsat from the race's part", r.Status, r.Reason)
	}
}
