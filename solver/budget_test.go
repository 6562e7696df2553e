// This file tests the per-query budget and, on request, measures what the
// benchmark queries consume.

package solver

import (
	"math"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"hgrd/expr"
)

// factoring returns a query Z3 cannot decide quickly: two factors, both
// above 1 and below 2^32, of a 64-bit semiprime.
func factoring() *Query {
	x, y := expr.Var("x", 64, expr.Shared), expr.Var("y", 64, expr.Shared)
	one, limit := expr.Const(1, 64), expr.Const(1<<32, 64)
	return &Query{Assertions: []*expr.Term{
		expr.Eq(expr.Mul(x, y), expr.Const(2147483647*2147483629, 64)),
		expr.ULt(one, x), expr.ULt(one, y), expr.ULt(x, limit), expr.ULt(y, limit),
	}}
}

// TestBudgetExhausted checks that a query too hard for its budget comes
// back Unknown, with the budget as the reason, and neither Unsat nor an
// error, and that the Solver then still decides an easy query.
func TestBudgetExhausted(t *testing.T) {
	const budget = 20_000
	s := New(budget)
	for name, q := range map[string]*Query{"factoring": factoring(), "race of unknown block size": hardQuery()} {
		r, err := s.Check(q)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if r.Status != Unknown {
			t.Fatalf("%s: %v within rlimit %d, want unknown", name, r.Status, budget)
		}
		if !strings.Contains(r.Reason, "budget") || !strings.Contains(r.Reason, "rlimit 20000") {
			t.Errorf("%s: reason %q does not name the budget", name, r.Reason)
		}
	}
	x := v8("x")
	easy := &Query{Assertions: []*expr.Term{expr.Eq(expr.Add(x, c8(1)), c8(5))}, Observe: []*expr.Term{x}}
	if r := mustCheck(t, s, easy); r.Status != Sat || r.Values[0] != 4 {
		t.Errorf("easy query after the hard ones: %v %v, want sat with x = 4", r.Status, r.Values)
	}
}

// TestBudgetIsPerQuery checks that the budget does not shrink as a
// Solver's queries consume it: after hard queries that each exhaust it,
// the Solver still decides a query that needs about half its last
// attempt.
func TestBudgetIsPerQuery(t *testing.T) {
	const budget = 100_000 // 1d/unsat needs about 23,000; the last attempt gets 50,000
	easy := raceQueries()[0]
	s := New(budget)
	for i := range 3 {
		if r := mustCheck(t, s, easy.q); r.Status != easy.want {
			t.Fatalf("%s, round %d: %v, want %v (%s)", easy.name, i, r.Status, easy.want, r.Reason)
		}
		for range 3 {
			if r := mustCheck(t, s, hardQuery()); r.Status != Unknown {
				t.Fatalf("hard query: %v within rlimit %d", r.Status, budget)
			}
		}
	}
}

// TestAttempts checks that a query's attempts spend exactly its budget,
// the last attempt half of it.
func TestAttempts(t *testing.T) {
	for _, budget := range []uint64{1, 7, 8, 100, 20_001, DefaultBudget, math.MaxUint32} {
		limits := attempts(budget)
		if sum(limits) != budget {
			t.Errorf("attempts(%d) = %v, adding up to %d", budget, limits, sum(limits))
		}
		if last := limits[len(limits)-1]; 2*last < budget {
			t.Errorf("attempts(%d) = %v: the last is less than half", budget, limits)
		}
	}
}

// TestSetBudget checks the budget's defaults and limits, and that a new
// budget applies from the next query on.
func TestSetBudget(t *testing.T) {
	s := New(0)
	if s.Budget() != DefaultBudget {
		t.Errorf("New(0) has budget %d, want %d", s.Budget(), DefaultBudget)
	}
	s.SetBudget(1 << 40)
	if s.Budget() != math.MaxUint32 {
		t.Errorf("budget %d, want it lowered to %d", s.Budget(), uint64(math.MaxUint32))
	}
	easy := raceQueries()[0]
	s.SetBudget(100)
	if r := mustCheck(t, s, easy.q); r.Status != Unknown {
		t.Errorf("%s within rlimit 100: %v", easy.name, r.Status)
	}
	s.SetBudget(0)
	if r := mustCheck(t, s, easy.q); r.Status != easy.want {
		t.Errorf("%s with the default budget: %v", easy.name, r.Status)
	}
}

// TestBudgetConsumption measures, by bisection, the smallest rlimit that
// decides each benchmark query in one attempt on a fresh Solver, where
// Z3's effort is repeatable (see budget.go); it runs only with
// HGRD_SOLVER_MEASURE=1 and reports in the test log. budget.go quotes
// its results.
func TestBudgetConsumption(t *testing.T) {
	if os.Getenv("HGRD_SOLVER_MEASURE") == "" {
		t.Skip("set HGRD_SOLVER_MEASURE=1 to measure")
	}
	for _, rq := range raceQueries() {
		start := time.Now()
		r := freshCheck(t, rq.q, DefaultBudget)
		elapsed := time.Since(start)
		t.Logf("%-24s %4d terms  %-7v in %8v  decided within %d", rq.name, size(rq.q), r.Status,
			elapsed.Round(time.Millisecond), minimumBudget(t, rq.q))
	}
}

// minimumBudget returns, within 1%, the smallest rlimit with which a
// fresh Solver decides q in one attempt.
func minimumBudget(t *testing.T, q *Query) uint64 {
	lo, hi := uint64(0), uint64(1000) // lo undecided, hi decided
	for ; freshCheck(t, q, hi).Status == Unknown; lo, hi = hi, 2*hi {
		if hi > DefaultBudget*100 {
			t.Fatalf("undecided within rlimit %d", hi)
		}
	}
	for lo+lo/100 < hi {
		mid := (lo + hi) / 2
		if freshCheck(t, q, mid).Status == Unknown {
			lo = mid
		} else {
			hi = mid
		}
	}
	return hi
}

// freshCheck decides q in one attempt within an rlimit, on a new Solver.
// It collects the garbage first, so that go-z3 frees the contexts of
// earlier Solvers and Z3's memory stays low (see budget.go).
func freshCheck(t *testing.T, q *Query, limit uint64) *Result {
	t.Helper()
	for range 3 {
		runtime.GC()
	}
	s := New(0)
	defer s.Close()
	r, err := s.check(q, []uint64{limit})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestMemoryOutsAreCounted(t *testing.T) {
	before := MemoryOuts()
	if r := unknownReason("max. resource limit exceeded"); r != "" || MemoryOuts() != before {
		t.Errorf("an rlimit's end: reason %q, %d memory outs", r, MemoryOuts()-before)
	}
	if r := unknownReason("max. memory exceeded"); r == "" || MemoryOuts() != before+1 {
		t.Errorf("the memory bound's end: reason %q, %d memory outs, want 1", r, MemoryOuts()-before)
	}
}
