// Package kernelanalysis collects the shared- and global-memory accesses of
// each kernel, the conditions under which they execute, and the
// synchronisation between them.
//
// # Background
//
// Two accesses race when two threads can make them to overlapping bytes,
// at least one writes, and no synchronisation orders them
// (the HGRD paper, sections 5 and 6.1). This package finds, for each kernel
// and the device functions it calls, every load, store, atomic and memory
// intrinsic with its memory space, its address as an expression over thread
// and block indices, dimensions, parameters and loop variables, and its
// path condition; and the barriers (__syncthreads, __syncwarp) that
// separate pairs of accesses on every path.
//
// Values become terms through package symbolic; this package gives the
// kernel's leaves their meaning (special registers are thread indices and
// dimensions, loads follow a memory model) and decides which values are
// the same for all threads of a block (divergence.go).
//
// # Barrier intervals
//
// Kernel.Concurrent tells whether two accesses can be in one barrier
// interval and, if so, how the two threads' loop iteration counts relate
// (intervals.go explains the method).
package kernelanalysis
