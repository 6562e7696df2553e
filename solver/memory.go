// This file reads how much memory Z3 holds, process-wide, and releases
// what closed Solvers held.

package solver

// #cgo LDFLAGS: -lz3
// #include <z3.h>
import "C"

import (
	"runtime"
	"time"
)

// z3Memory returns the bytes Z3 has allocated in this process, over all
// contexts: the figure Z3's bit-vector strategy compares with its limit
// of 300 MB (see budget.go).
func z3Memory() uint64 { return uint64(C.Z3_get_estimated_alloc_size()) }

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
// worker, for reasons we have not found). After a collection that
// released nothing it waits four times longer for the finalizers'
// goroutine, which a busy machine may not have run within a
// millisecond (two stalls of a millisecond each once ended it early).
func ReleaseMemory() {
	last, still, wait := z3Memory(), 0, time.Millisecond
	for range 50 {
		runtime.GC()
		time.Sleep(wait) // for the finalizers' goroutine
		now := z3Memory()
		if now < releasedMemory {
			return
		}
		if now >= last {
			if still++; still == 3 {
				return
			}
			wait *= 4
		} else {
			still, wait = 0, time.Millisecond
		}
		last = now
	}
}
