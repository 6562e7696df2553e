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
// interval at a level (block barriers, warp barriers, grid barriers) and,
// if so, how the two threads' loop iteration counts relate (intervals.go
// explains the method). Kernel.WarpConcurrent adds the masks of
// __syncwarp: two lanes are ordered only if each is in the other's mask.
//
// # Guards and counters
//
// Each access records its Guards (guard.go, sync.go): a critical section
// of a lock it lies in (CAS spin, fence, the access, fence, release; a
// section lacking a fence is kept with its gap, for the report's note), a
// release (fence, atomic write) after it with the value it stores, and an
// acquire (a spin on a flag: an atomic read deciding a branch, with the
// condition under which it goes on, and the fence after it if any) before
// it, each with its atomics and fences and their scopes. A lock's own spin
// is no flag's acquire. Atomic accesses record the value they store
// (stores.go). Package constraints decides whether the guards order two
// threads. Counters (counter.go) are atomics whose returned values differ
// between threads.
package kernelanalysis
