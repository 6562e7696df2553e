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
// separate pairs of accesses on every path, using dominance and
// post-dominance.
package kernelanalysis
