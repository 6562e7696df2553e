// This file lets a Solver be stopped from another goroutine when a
// deadline passes: the search under way ends at once, undecided, and
// every later attempt is not made.

package solver

// #include <z3.h>
import "C"

import (
	"context"
	"sync"
)

// interruptedReason is the Reason of an answer that a stopped Solver
// gives (see StopWhen): no search decided it.
const interruptedReason = "interrupted: the time budget ran out"

// A stopper is the state a Solver's StopWhen shares with the goroutine
// that stops it: whether it was stopped, and the contexts of its
// attempts decided alone (fresh.go) that are searching now, which Z3
// interrupts as it does the Solver's own.
type stopper struct {
	mu      sync.Mutex
	stopped bool
	closed  bool // the Solver's context is gone: nothing to interrupt
	alone   map[C.Z3_context]struct{}
}

// StopWhen stops the Solver once ctx is done: the Z3 search under way,
// in its context or in one of an attempt's own, ends with Status
// Unknown, and every later attempt answers Unknown without a search,
// with a Reason that says it was interrupted. Such an answer is not the
// budget's: a caller that stops a Solver discards what it answers after
// ctx is done. The returned function ends the watch; call it before
// Close.
func (s *Solver) StopWhen(ctx context.Context) (release func() bool) {
	return context.AfterFunc(ctx, s.stop)
}

// stop interrupts every search of the Solver and marks it stopped.
func (s *Solver) stop() {
	st := &s.stopper
	st.mu.Lock()
	defer st.mu.Unlock()
	st.stopped = true
	s.interruptLocked()
}

// interruptLocked interrupts the Solver's searches under way, in its
// context and in the contexts of attempts decided alone; the stopper's
// lock is held.
func (s *Solver) interruptLocked() {
	st := &s.stopper
	if st.closed {
		return
	}
	s.ctx.Interrupt()
	for c := range st.alone {
		C.Z3_interrupt(c)
	}
}

// stopped reports whether the Solver was stopped.
func (s *Solver) stopped() bool {
	s.stopper.mu.Lock()
	defer s.stopper.mu.Unlock()
	return s.stopper.stopped
}

// enter records c, the context of an attempt decided alone, as
// searching; false if the Solver was stopped, and the attempt is then
// not to be made. A nil stopper (tests of decideAlone) never stops.
func (st *stopper) enter(c C.Z3_context) bool {
	if st == nil {
		return true
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.stopped {
		return false
	}
	if st.alone == nil {
		st.alone = map[C.Z3_context]struct{}{}
	}
	st.alone[c] = struct{}{}
	return true
}

// leave records that c's search is over, before c is deleted.
func (st *stopper) leave(c C.Z3_context) {
	if st == nil {
		return
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	delete(st.alone, c)
}

// close records that the Solver's context is gone.
func (st *stopper) close() {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.closed = true
}
