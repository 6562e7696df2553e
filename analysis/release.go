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
// memory (solver.ReleaseMemory) only while no lane is being solved.
//
// Releasing runs the garbage collector, which finalizes the Go values of
// Z3 terms nothing refers to any more, and Z3 then reuses their ids: a
// collection while a lane's solver is open changes the order in which
// Z3 searches, and so its answers near the budget and its witnesses
// (driver/isolate.go). Between lanes no solver is open, and a release
// there changes nothing that Z3 decides. So a thread that finishes a
// lane asks for a release when memory is due for one, and the last lane
// to finish performs it; meanwhile no thread starts a lane.
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
	// due reports whether a lane's end makes a release due; release
	// performs it.
	due     func() bool
	release func()
}

// releaseAbove is the memory, Z3's and the Go heap's each, above which
// the threads of a file release it between lanes.
const releaseAbove = 128 << 20

// newReleaseGate returns the gate of threads solving lanes.
func newReleaseGate(threads int) *releaseGate {
	g := &releaseGate{due: memoryHeld, release: solver.ReleaseMemory}
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
// solved.
func (g *releaseGate) enter() {
	g.mu.Lock()
	defer g.mu.Unlock()
	for g.wanted {
		g.idle.Wait()
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
		g.release()
		g.wanted = false
		g.idle.Broadcast()
	}
}

// goHeap returns the bytes the Go heap's objects occupy, live or not yet
// collected.
func goHeap() uint64 {
	return readMetric("/memory/classes/heap/objects:bytes")
}

// automaticCollections returns how many collections the Go runtime has
// started by itself: with the collector off (a worker, driver/isolate.go),
// those the heap's memory limit forced.
func automaticCollections() uint64 {
	return readMetric("/gc/cycles/automatic:gc-cycles")
}

// collectorOff reports whether the garbage collector runs only when
// called or when the heap's memory limit forces it (GOGC=off).
func collectorOff() bool {
	s := []metrics.Sample{{Name: "/gc/gogc:percent"}}
	metrics.Read(s)
	return s[0].Value.Kind() == metrics.KindUint64 && int64(s[0].Value.Uint64()) < 0
}

// readMetric returns a runtime metric of kind uint64.
func readMetric(name string) uint64 {
	s := []metrics.Sample{{Name: name}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}

// A sharedStateWatch tells whether threads solving lanes at once may
// have changed one another's answers: through Z3's memory bound, which
// is on all of the process's contexts together (solver.LimitMemory), or
// through a collection that the heap's memory limit forced while lanes
// were open. Each thread's answers are otherwise those it would give
// alone: a lane starts with a solver of its own, and lanes share only
// premise answers, which are the same whoever proves them.
type sharedStateWatch struct {
	memoryOuts  int64
	collections uint64
	collectorOn bool
}

// watchSharedState starts a watch.
func watchSharedState() sharedStateWatch {
	return sharedStateWatch{
		memoryOuts:  solver.MemoryOuts(),
		collections: automaticCollections(),
		collectorOn: !collectorOff(),
	}
}

// disturbed reports whether, since the watch started, an attempt ended
// at Z3's memory bound or, with the collector off, the heap's limit
// forced a collection. (With the collector on, as in tests that analyse
// in-process, collections run at any time, and answers near the budget
// never had that guarantee.)
func (w sharedStateWatch) disturbed() bool {
	if solver.MemoryOuts() != w.memoryOuts {
		return true
	}
	return !w.collectorOn && automaticCollections() != w.collections
}
