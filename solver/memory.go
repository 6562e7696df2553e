// This file reads how much memory Z3 holds, process-wide.

package solver

// #cgo LDFLAGS: -lz3
// #include <z3.h>
import "C"

// z3Memory returns the bytes Z3 has allocated in this process, over all
// contexts: the figure Z3's bit-vector strategy compares with its limit
// of 300 MB (see budget.go).
func z3Memory() uint64 { return uint64(C.Z3_get_estimated_alloc_size()) }
