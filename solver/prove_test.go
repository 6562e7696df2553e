package solver

import (
	"testing"

	"hgrd/expr"
)

// TestProve checks that Prove proves a goal the facts imply and not one
// they do not, with integers and, for bit tricks past the integer
// encoding's reach, with bit-vectors; and that every attempt of a proof
// is decided in a Z3 context of its own, so that its answer does not
// depend on what the Solver was asked before (package analysis shares
// proofs between Solvers).
func TestProve(t *testing.T) {
	s := New(DefaultBudget / 128)
	defer s.Close()
	x, y := v32("x"), v32("y")
	facts := []*expr.Term{expr.ULt(x, c32(10))}
	if ok, err := s.Prove(facts, expr.ULt(x, c32(20))); !ok || err != nil {
		t.Errorf("x < 10 proves x < 20: got %v, %v", ok, err)
	}
	if ok, err := s.Prove(facts, expr.ULt(x, c32(5))); ok || err != nil {
		t.Errorf("x < 10 does not prove x < 5: got %v, %v", ok, err)
	}
	// (x ^ y ^ ... ^ y) == x with an even number of y, past the integer
	// encoding's bit decompositions.
	mixed := x
	for i := 0; i < 2*(maxBitDecompositions+1); i++ {
		mixed = expr.Xor(mixed, y)
	}
	q := &Query{Assertions: []*expr.Term{expr.Not(expr.Eq(mixed, x))}}
	if _, err := s.integers(q, collect(q)); err == nil {
		t.Fatal("the bit-trick goal has an integer encoding; the test needs one without")
	}
	if ok, err := s.Prove(nil, expr.Eq(mixed, x)); !ok || err != nil {
		t.Errorf("an even number of xors with y leaves x: got %v, %v", ok, err)
	}
	s.only = provingEncoding
	defer func() { s.only = anyEncoding }()
	for _, query := range []*Query{q, {Assertions: []*expr.Term{expr.Not(expr.ULt(x, c32(20))), facts[0]}}} {
		for _, st := range s.plan(query, collect(query), []uint64{s.budget}) {
			if !st.enc.fresh {
				t.Errorf("proof attempt %q is decided in the Solver's context", st.name)
			}
		}
	}
}

// TestAttempt checks that Attempt tells a goal refuted, with a model of
// the facts where it is false, from one proved.
func TestAttempt(t *testing.T) {
	s := New(DefaultBudget / 128)
	defer s.Close()
	x := v32("x")
	facts := []*expr.Term{expr.ULt(x, c32(10))}
	if res, err := s.Attempt(facts, expr.ULt(x, c32(20))); err != nil || res.Status != Unsat {
		t.Errorf("x < 10 proves x < 20: got %v, %v", res, err)
	}
	res, err := s.Attempt(facts, expr.ULt(x, c32(5)))
	if err != nil || res.Status != Sat {
		t.Fatalf("x < 10 does not prove x < 5: got %v, %v; want a counter-model", res, err)
	}
	if v, ok := res.Vars["x"]; !ok || v < 5 || v >= 10 {
		t.Errorf("counter-model x = %d (given %v); want 5 <= x < 10", v, ok)
	}
}
