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
// different blocks. Guards (package kernelanalysis) order a pair as
// order.go states: complete critical sections of one lock on both sides,
// whose scopes cover the two threads, or a flag edge from one thread to
// the other, directly or through a chain of any number of other threads
// (relays), each edge judged against its own two threads' scope; the
// query asserts that nothing orders the pair. A chain through one relay
// is followed thread by thread; longer chains are proven by an invariant
// of the relay sites behind the consumer's spin (induction.go), so that
// one site repeated (a chained scan) orders any number of blocks. When a
// block-scoped operation, or the missing fence of a lock section, is all
// that stands between the pair and no race, the Query's Limits name it,
// with the query as it would be were it good enough (sync.go).
package constraints
