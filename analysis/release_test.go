package analysis

import (
	"sync"
	"testing"
	"time"
)

// TestReleaseWaitsForOpenLanes checks that memory is released only while
// no lane is being solved, and that no lane starts while a release is
// due: a collection with a lane's solver open would change its answers.
func TestReleaseWaitsForOpenLanes(t *testing.T) {
	g := newReleaseGate(3)
	var releases int
	g.due = func() bool { return true }
	g.release = func() {
		if g.solving != 0 {
			t.Errorf("released with %d lanes open", g.solving)
		}
		releases++
	}
	var wg sync.WaitGroup
	for i := range 3 {
		wg.Go(func() {
			for range 20 {
				g.enter()
				time.Sleep(time.Duration(i) * 100 * time.Microsecond)
				g.leave()
			}
		})
	}
	wg.Wait()
	if releases == 0 {
		t.Fatal("no release")
	}
	if g.solving != 0 || g.wanted {
		t.Errorf("gate left with %d lanes open, release wanted %v", g.solving, g.wanted)
	}
}

// TestOneThreadReleasesAfterEveryLane checks that a single thread
// releases after each lane, whatever the memory held.
func TestOneThreadReleasesAfterEveryLane(t *testing.T) {
	g := newReleaseGate(1)
	var releases int
	g.release = func() { releases++ }
	for range 4 {
		g.enter()
		g.leave()
	}
	if releases != 4 {
		t.Errorf("%d releases after 4 lanes, want 4", releases)
	}
}
