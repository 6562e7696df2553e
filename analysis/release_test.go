package analysis

import (
	"sync"
	"testing"
	"time"
)

// fakeGate returns a gate of threads whose releases and holds are
// counted, and that fails t when a release comes while a lane is open or
// finalizers are held back, or a lane is open while they are not.
func fakeGate(t *testing.T, threads int) (g *releaseGate, releases, holds *int) {
	g = newReleaseGate(threads)
	releases, holds = new(int), new(int)
	held := false
	g.release = func() {
		if g.solving != 0 || held {
			t.Errorf("released with %d lanes open, finalizers held back: %v", g.solving, held)
		}
		*releases++
	}
	g.hold = func() func() {
		if held {
			t.Error("finalizers held back twice")
		}
		held = true
		*holds++
		return func() { held = false }
	}
	return g, releases, holds
}

// TestReleaseWaitsForOpenLanes checks that memory is released only while
// no lane is being solved, that no lane starts while a release is due,
// and that finalizers are held back while lanes are open: a Z3 term
// freed with a lane's solver open would change its answers.
func TestReleaseWaitsForOpenLanes(t *testing.T) {
	g, releases, holds := fakeGate(t, 3)
	g.due = func() bool { return true }
	var wg sync.WaitGroup
	for i := range 3 {
		wg.Go(func() {
			for range 20 {
				g.enter()
				if g.let == nil {
					t.Error("a lane is open with finalizers running")
				}
				time.Sleep(time.Duration(i) * 100 * time.Microsecond)
				g.leave()
			}
		})
	}
	wg.Wait()
	g.close()
	if *releases == 0 || *holds < *releases {
		t.Fatalf("%d releases, %d holds", *releases, *holds)
	}
	if g.solving != 0 || g.wanted || g.let != nil {
		t.Errorf("gate left with %d lanes open, release wanted %v, finalizers held back %v", g.solving, g.wanted, g.let != nil)
	}
}

// TestOneThreadReleasesAfterEveryLane checks that a single thread
// releases after each lane, whatever the memory held.
func TestOneThreadReleasesAfterEveryLane(t *testing.T) {
	g, releases, _ := fakeGate(t, 1)
	for range 4 {
		g.enter()
		g.leave()
	}
	g.close()
	if *releases != 4 {
		t.Errorf("%d releases after 4 lanes, want 4", *releases)
	}
}
