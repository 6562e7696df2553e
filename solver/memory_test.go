package solver

import (
	"runtime/debug"
	"testing"
)

// TestReleaseMemory checks that the Z3 memory of closed Solvers is
// released, even with the garbage collector off, as in a worker: what the
// test's four Solvers added to what Z3 held before them (after the
// earlier tests' Solvers were released; Z3 may keep some memory for
// itself, 16 MB after the whole package's tests once) is gone.
func TestReleaseMemory(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	ReleaseMemory() // earlier tests' Solvers
	base := HeldMemory()
	for range 4 {
		s := New(0)
		for _, rq := range raceQueries()[:2] {
			mustCheck(t, s, rq.q)
		}
		s.Close()
	}
	held := HeldMemory()
	ReleaseMemory()
	if after := HeldMemory(); after >= base+releasedMemory {
		t.Errorf("Z3 holds %d MB after ReleaseMemory (%d MB before, %d MB before the test's Solvers); want less than %d MB more than before them", after>>20, held>>20, base>>20, releasedMemory>>20)
	}
	if held < base+releasedMemory {
		t.Errorf("four closed Solvers added only %d MB: the test shows nothing", (held-base)>>20)
	}
}
