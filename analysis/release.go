// This file defines when the threads that solve a file's lanes release
// the memory of closed solvers, and how a file solved on several threads
// gets the answers it gets on one.

package analysis

import (
	"runtime/metrics"
	"sync"

	"hgrd/solver"
)

// A releaseGate lets the threads that solve a file's lanes release Z3's
// memory (solver.ReleaseMemory) only while no lane is being solved, and
// holds Go's finalizers back (solver.HoldFinalizers) while lanes are.
//
// Releasing runs the garbage collector, and go-z3 frees a Z3 term in the
// finalizer of its Go value; Z3 then reuses the term's id. A term freed
// while a lane's solver is open would change the order in which Z3
// searches, and so its answers near the budget and its witnesses
// (driver/isolate.go). Between lanes no solver is open, and a release
// there changes nothing that Z3 decides. So a thread that finishes a lane
// asks for a release when memory is due for one, and the last lane to
// finish performs it; meanwhile no thread starts a lane. While lanes are
// open, a collection that the heap's limit forces frees Go's memory, but
// the finalizers it finds due wait for the release.
//
// On one thread a release follows every lane, as the worker's memory
// figures were measured with. On several, it follows once the memory the
// finished lanes left passes releaseAbove: a release after every lane
// would hold each thread at every lane's end until the others finish
// theirs.
type releaseGate struct {
	mu      sync.Mutex
	idle    sync.Cond // signalled when a release is done
	solving int       // lanes being solved
	wanted  bool      // a release is due before the next lane starts
	let     func()    // lets the finalizers held back run; nil if none are
	// due reports whether a lane's end makes a release due; release
	// performs it; hold holds finalizers back and returns what lets them
	// go.
	due     func() bool
	release func()
	hold    func() func()
}

// releaseAbove is the memory, Z3's and the Go heap's each, above which
// the threads of a file release it between lanes.
const releaseAbove = 128 << 20

// newReleaseGate returns the gate of threads solving lanes.
func newReleaseGate(threads int) *releaseGate {
	g := &releaseGate{
		due:     memoryHeld,
		release: solver.ReleaseMemory,
		hold:    func() func() { return solver.HoldFinalizers().Let },
	}
	if threads == 1 {
		g.due = func() bool { return true }
	}
	g.idle.L = &g.mu
	return g
}

// memoryHeld reports whether Z3 or the Go heap holds more than
// releaseAbove.
func memoryHeld() bool { return solver.HeldMemory() > releaseAbove || goHeap() > releaseAbove }

// enter waits until no release is due, then counts a lane as being
// solved, holding finalizers back if none are.
func (g *releaseGate) enter() {
	g.mu.Lock()
	defer g.mu.Unlock()
	for g.wanted {
		g.idle.Wait()
	}
	if g.let == nil {
		g.let = g.hold()
	}
	g.solving++
}

// leave counts a lane as solved and its solvers closed, asks for a
// release if memory is due for one, and performs it if no other lane is
// being solved.
func (g *releaseGate) leave() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.solving--
	if g.due() {
		g.wanted = true
	}
	if g.wanted && g.solving == 0 {
		g.letGo()
		g.release()
		g.wanted = false
		g.idle.Broadcast()
	}
}

// close lets the finalizers held back run, once every lane is solved.
func (g *releaseGate) close() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.letGo()
}

// letGo lets the finalizers held back run, if some are.
func (g *releaseGate) letGo() {
	if g.let != nil {
		g.let()
		g.let = nil
	}
}

// goHeap returns the bytes the Go heap's objects occupy, live or not yet
// collected.
func goHeap() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}
