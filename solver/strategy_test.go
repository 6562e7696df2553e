package solver

import (
	"strings"
	"testing"
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
