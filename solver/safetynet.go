// This file defines the wall-clock safety net of an attempt: Z3 ends a
// search when it has used its rlimit, but not every part of it counts
// its work (a query with products of unknowns in the integers ran ten
// minutes past an rlimit of 621k units, which it otherwise uses in
// seconds). An attempt that runs far longer than its rlimit allows is
// interrupted, undecided, with a reason that says the net fired. The
// net is wide enough that only such an escape meets it: verdicts stay
// those of the rlimit, however busy the machine.

package solver

import (
	"fmt"
	"sync"
	"time"
)

// safetyNet returns how long an attempt of an rlimit may run: a minute,
// and a second for every 20k units (Z3 spends them at 80k to 500k a
// second on our queries), ten times the slowest rate seen.
var safetyNet = func(limit uint64) time.Duration {
	return time.Minute + time.Duration(limit/20_000)*time.Second
}

// A net interrupts the searches of one attempt of a Solver once its
// time has passed, and tells whether it did.
type net struct {
	mu      sync.Mutex
	running bool // the attempt is searching
	fired   bool
	timer   *time.Timer
}

// spreadNet starts the net of an attempt of s within limit.
func (s *Solver) spreadNet(limit uint64) *net {
	n := &net{running: true}
	n.timer = time.AfterFunc(safetyNet(limit), func() {
		n.mu.Lock()
		defer n.mu.Unlock()
		if n.running {
			n.fired = true
			s.interruptSearches()
		}
	})
	return n
}

// fold ends the net's watch and reports whether it fired: once it
// returns, the net interrupts nothing, so no later attempt meets an
// interruption meant for this one.
func (n *net) fold() bool {
	n.timer.Stop()
	n.mu.Lock()
	defer n.mu.Unlock()
	n.running = false
	return n.fired
}

// netReason is the Reason of an attempt the net interrupted.
func netReason(limit uint64) string {
	return fmt.Sprintf("wall-clock safety net: the search ran %v without using its rlimit of %d units", safetyNet(limit), limit)
}

// interruptSearches interrupts the Solver's searches under way without
// stopping the Solver (see stop).
func (s *Solver) interruptSearches() {
	s.stopper.mu.Lock()
	defer s.stopper.mu.Unlock()
	s.interruptLocked()
}
