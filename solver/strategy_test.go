package solver

import (
	"strings"
	"testing"

	"hgrd/expr"
)

// TestEveryCheckUsesTheUntimedTactic checks that a Solver installs the
// decision tactic, and that the tactic bounds no step by wall-clock time,
// so that answers depend only on the query and the rlimit.
func TestEveryCheckUsesTheUntimedTactic(t *testing.T) {
	s := New(0)
	defer s.Close()
	if got := z3GlobalParam("tactic.default_tactic"); got != decisionTactic {
		t.Errorf("tactic.default_tactic = %q, want %q", got, decisionTactic)
	}
	for _, timed := range []string{"try-for", "timeout", "qfnia", "qflia", "qfnra", "qflra"} {
		if strings.Contains(decisionTactic, timed) {
			t.Errorf("the decision tactic uses %s, whose steps are bounded by time", timed)
		}
	}
}

// TestMemoryBoundLeavesQueryUndecided checks that a query decided
// without a memory bound ends unknown, naming the memory, when Z3 holds
// more than the bound, and that lifting the bound decides it again.
func TestMemoryBoundLeavesQueryUndecided(t *testing.T) {
	x, y := v8("x"), v8("y")
	q := &Query{Assertions: []*expr.Term{expr.Eq(expr.Mul(x, y), c8(6)), expr.ULt(c8(3), x)}}
	check := func() *Result {
		s := New(0)
		defer s.Close()
		return mustCheck(t, s, q)
	}
	LimitMemory(1 << 20)
	if !strings.Contains(z3GlobalParam("tactic.default_tactic"), ":max_memory 1)") {
		t.Errorf("tactic %q, want it within 1 MiB", z3GlobalParam("tactic.default_tactic"))
	}
	bounded := check()
	LimitMemory(0)
	if bounded.Status != Unknown || !strings.Contains(bounded.Reason, "memory") {
		t.Errorf("within 1 MiB: %v (%q), want unknown for the memory", bounded.Status, bounded.Reason)
	}
	if got := z3GlobalParam("tactic.default_tactic"); got != decisionTactic {
		t.Errorf("tactic %q after the bound is lifted, want decisionTactic", got)
	}
	if r := check(); r.Status != Sat {
		t.Errorf("without a bound: %v, want sat", r.Status)
	}
}
