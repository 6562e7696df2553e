package solver

import (
	"testing"

	"hgrd/expr"
)

// renamedQuery returns a query asking whether x*4 + y equals 10 with
// x < 4 and y < 2, over variables of the given names: unsat, unless
// wide is set, which lets y reach 2 and makes it sat. The bounds alone
// leave 10 reachable (refutedByBounds), so that Z3 decides it.
func renamedQuery(x, y string, wide bool) *Query {
	vx, vy := v32(x), v32(y)
	bound := uint64(2)
	if wide {
		bound = 3
	}
	return &Query{Assertions: []*expr.Term{
		expr.Eq(expr.Add(expr.Mul(vx, c32(4)), vy), c32(10)),
		expr.ULt(vx, c32(4)), expr.ULt(vy, c32(bound)),
	}}
}

// TestAnswersRememberedUnderOtherNames checks that a Solver answers a
// question asked again under other names from its memory, with the same
// status, that it remembers an unsat answer and not a race's model, and
// that a question of another shape is not answered from it.
func TestAnswersRememberedUnderOtherNames(t *testing.T) {
	s := New(0)
	defer s.Close()
	first := mustCheck(t, s, renamedQuery("_Z3runIcE.x", "tid.x#1", false))
	if first.Status != Unsat || len(s.answers) != 1 {
		t.Fatalf("first question: %v with %d answers remembered, want unsat and one", first.Status, len(s.answers))
	}
	again := mustCheck(t, s, renamedQuery("_Z3runIiE.x", "tid.x#2", false))
	if again.Status != Unsat || len(s.answers) != 1 {
		t.Errorf("renamed question: %v with %d answers remembered, want unsat from the one", again.Status, len(s.answers))
	}
	race := mustCheck(t, s, renamedQuery("a", "b", true))
	if race.Status != Sat || race.Vars["a"] != 2 || race.Vars["b"] != 2 {
		t.Errorf("another shape: %v with %v, want sat with a = b = 2", race.Status, race.Vars)
	}
	if len(s.answers) != 1 {
		t.Errorf("%d answers remembered after a race, want the unsat one only", len(s.answers))
	}
	renamedRace := mustCheck(t, s, renamedQuery("c", "d", true))
	if renamedRace.Status != Sat || renamedRace.Vars["c"] != 2 {
		t.Errorf("renamed race: %v with %v, want its own model with c = 2", renamedRace.Status, renamedRace.Vars)
	}
}

// TestUnsatQueryAnswersItsSupersets checks that a query asserting all of
// an earlier unsat query's assertions and more is answered unsat without
// an attempt, and that one asserting only some of them is not.
func TestUnsatQueryAnswersItsSupersets(t *testing.T) {
	s := New(0)
	defer s.Close()
	attempts := 0
	s.observe = func(step, *Result) { attempts++ }
	unsat := renamedQuery("x", "y", false)
	if r := mustCheck(t, s, unsat); r.Status != Unsat {
		t.Fatalf("the first query: %v, want unsat", r.Status)
	}
	more := &Query{Assertions: append([]*expr.Term{expr.ULt(v32("z"), c32(7))}, renamedQuery("x", "y", false).Assertions...)}
	before := attempts
	if r := mustCheck(t, s, more); r.Status != Unsat || attempts != before {
		t.Errorf("its assertions and one more: %v after %d attempts, want unsat after none", r.Status, attempts-before)
	}
	fewer := &Query{Assertions: renamedQuery("x", "y", false).Assertions[:2]}
	if r := mustCheck(t, s, fewer); r.Status != Sat {
		t.Errorf("two of its three assertions: %v, want sat (x = 2, y = 2)", r.Status)
	}
}
