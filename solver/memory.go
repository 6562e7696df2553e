// This file reads how much memory Z3 holds, process-wide, releases what
// closed Solvers held, and keeps the memory Z3 frees for its next
// allocations.

package solver

// #cgo LDFLAGS: -lz3
// #include <malloc.h>
// #include <z3.h>
import "C"

import (
	"runtime"
	"time"
)

// HeldMemory returns the bytes Z3 has allocated in this process, over
// all contexts, those of closed Solvers that ReleaseMemory would free
// included: the figure Z3's own memory tests compare with their limits
// (see budget.go and LimitMemory).
func HeldMemory() uint64 { return uint64(C.Z3_get_estimated_alloc_size()) }

// releasedMemory is the Z3 memory below which ReleaseMemory takes the
// memory of closed Solvers as released.
const releasedMemory = 8 << 20

// ReleaseMemory runs the garbage collector until Z3 has deleted the
// contexts of closed Solvers, for a process whose Solvers are all
// closed: go-z3 deletes a context and its terms in finalizers, which run
// after the collection that finds them unreachable (a context only once
// its terms' finalizers have run). The Go values that hold a context's
// hundreds of MB are small, so without it the collector, run by the Go
// heap's growth, gets to them late; and a program that runs with the
// collector off (a worker, driver/isolate.go) would never get to them.
// It stops once Z3's memory is below releasedMemory or has not gone
// down for three collections: Z3 may keep some for itself (17 MB in a
// worker, for reasons we have not found). Each collection waits for the
// finalizers' goroutine to run the finalizers it queued, however busy
// the machine (a fixed wait of a millisecond, then longer ones, ended it
// early under load: two stalls ended it once in a worker, and the test
// of it failed during a whole test run on two cores).
func ReleaseMemory() {
	last, still := HeldMemory(), 0
	for range 50 {
		collectGarbage()
		now := HeldMemory()
		if now < releasedMemory {
			return
		}
		if now >= last {
			if still++; still == 3 {
				return
			}
		} else {
			still = 0
		}
		last = now
	}
}

// finalizerWait bounds how long collectGarbage waits for the finalizers'
// goroutine: a finalizer that blocks would hold it up for good.
const finalizerWait = 2 * time.Second

// collectGarbage runs the garbage collector and waits until the
// finalizers' goroutine has run every finalizer the collection found due.
// The goroutine runs what it took from the queue, all of it, before it
// takes more, in no set order: a sentinel queued with the collection's
// finalizers may run first, but one queued by a second collection runs
// only after all of them.
func collectGarbage() {
	for range 2 {
		done := sentinel(nil)
		runtime.GC()
		select {
		case <-done:
		case <-time.After(finalizerWait):
		}
	}
}

// sentinel makes an object that nothing refers to, with a finalizer that
// closes the returned channel when the finalizers' goroutine reaches it,
// then runs then (if not nil) on that goroutine. The object is larger
// than 16 bytes: the tiny allocator's objects may never be finalized.
func sentinel(then func()) <-chan struct{} {
	reached := make(chan struct{})
	runtime.SetFinalizer(new([64]byte), func(*[64]byte) {
		close(reached)
		if then != nil {
			then()
		}
	})
	return reached
}

// keepFreedMemory makes the C allocator keep the memory Z3 frees for
// its next allocations, for a process that makes many Z3 contexts (one
// per attempt in the integers, see decideAlone); configureZ3 calls it
// before the first Solver is made. By default glibc gives a freed block
// of over 128 KB (a context's tables) or a free heap top of over 128 KB
// back to the system at once, and the next context faults its pages in
// again, zeroed by the kernel: on the example warp_nosync the worker took 75k page faults for
// a peak of 99 MB, and its system time was two thirds of its user time.
// Kept, the same run takes 23k and half the system time. The process's
// peak is unchanged: what is kept is what the next context reuses.
func keepFreedMemory() {
	C.mallopt(C.M_MMAP_THRESHOLD, keptBlock)
	C.mallopt(C.M_TRIM_THRESHOLD, keptBlock)
}

// keptBlock is the size below which keepFreedMemory has freed blocks
// and heap tops kept: above the largest block a context allocates, below
// a worker's memory limit.
const keptBlock = 64 << 20
