// Package constraints states hgrd's race queries without reference to any
// solver.
//
// # Background
//
// A race query asks whether two threads, related as the kind of race
// requires (different blocks; the same block but different warps; the same
// warp), can execute two accesses at overlapping bytes under the accesses'
// path conditions, the hardware limits of a launch, the launch's known
// shape and the facts the host code knows about it (the HGRD paper,
// table 2). Intra-block and intra-warp queries also require the two
// accesses to be in the same barrier interval (package kernelanalysis).
//
// # Query
//
// Build returns a Query: a conjunction of expr terms over instantiated
// variables, where side 1 is the thread making the first access and side
// 2 the thread making the second. Package solver decides it.
package constraints
