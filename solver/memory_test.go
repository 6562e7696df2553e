package solver

import (
	"runtime/debug"
	"testing"
)

// TestReleaseMemory checks that the Z3 memory of closed Solvers is
// released, even with the garbage collector off, as in a worker.
func TestReleaseMemory(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	ReleaseMemory() // earlier tests' Solvers
	for range 4 {
		s := New(0)
		for _, rq := range raceQueries()[:2] {
			mustCheck(t, s, rq.q)
		}
		s.Close()
	}
	held := z3Memory()
	ReleaseMemory()
	if after := z3Memory(); after >= releasedMemory {
		t.Errorf("Z3 holds %d MB after ReleaseMemory (%d MB before); want less than %d MB", after>>20, held>>20, releasedMemory>>20)
	}
	if held < releasedMemory {
		t.Errorf("four closed Solvers held only %d MB before ReleaseMemory: the test shows nothing", held>>20)
	}
}
