// This file defines holding back the freeing of Z3 objects that Go's
// garbage collector finds unreachable, while Solvers are open.

package solver

import (
	"fmt"
	"runtime"
	"sync"
	"time"
)

// A FinalizerHold keeps Go's finalizers from running until it is let go.
//
// go-z3 frees a Z3 term, model or context in the finalizer of its Go
// value, and Z3 then reuses the term's id: a collection while a Solver
// is open would change the order in which Z3 searches, and so its
// answers near the budget and its witnesses. A worker runs with the
// collector off, but the heap's memory limit still forces collections.
// Go runs every finalizer on one goroutine, one after the other; a hold
// is a finalizer of hgrd's that waits on that goroutine, so that every
// finalizer a later collection finds due waits behind it. The Go memory
// a collection finds unreachable is still freed; what waits is Z3's.
//
// Holds are counted: the finalizers run again once every hold is let go,
// so that analyses in one process (tests) may hold them at once.
type FinalizerHold struct {
	once sync.Once
}

// held counts the holds not let go, and lets the finalizers' goroutine
// go on when closed.
var held struct {
	sync.Mutex
	n   int
	let chan struct{}
}

// holdTimeout bounds how long HoldFinalizers waits for the finalizers'
// goroutine to reach the hold: the finalizers due before it (Z3 contexts
// of closed Solvers) take milliseconds each.
const holdTimeout = time.Minute

// HoldFinalizers holds back every finalizer that a collection after it
// finds due until Let is called. It is called while no Solver is open:
// the finalizers due at the time run first.
func HoldFinalizers() *FinalizerHold {
	held.Lock()
	defer held.Unlock()
	if held.n == 0 {
		held.let = make(chan struct{})
		blockFinalizers(held.let)
	}
	held.n++
	return &FinalizerHold{}
}

// blockFinalizers makes the finalizers' goroutine wait until let is
// closed, once it has run the finalizers due now.
func blockFinalizers(let chan struct{}) {
	reached := sentinel(func() { <-let })
	deadline := time.Now().Add(holdTimeout)
	for wait := time.Millisecond; ; wait = min(2*wait, 100*time.Millisecond) {
		runtime.GC()
		select {
		case <-reached:
			return
		case <-time.After(wait):
		}
		if time.Now().After(deadline) {
			panic(fmt.Sprintf("solver: the finalizers' goroutine did not reach a hold within %s", holdTimeout))
		}
	}
}

// Let lets the finalizers held back run, once no other hold keeps them.
// A second call does nothing.
func (h *FinalizerHold) Let() {
	h.once.Do(func() {
		held.Lock()
		defer held.Unlock()
		if held.n--; held.n == 0 {
			close(held.let)
		}
	})
}
