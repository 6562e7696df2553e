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
//
// # Synchronisation and scopes
//
// Two atomics race only if one is block-scoped and the threads are in
// different blocks. Guards (package kernelanalysis) order a pair when a
// lock of each, or a release of one and an acquire of the other, address
// one location for the two threads and their narrowest scope covers
// them; the query asserts that no such pair does. When a block-scoped
// guard or atomic is all that stands between the pair and no race, the
// Query's Scope names it, with the query as it would be were the scope
// wide enough (sync.go).
package constraints
