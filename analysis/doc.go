// Package analysis finds the races of one loaded file: it joins what the
// host code knows about each launch (package hostanalysis) with each
// kernel's accesses (package kernelanalysis), states a race query for
// every conflicting pair of accesses, kind of race and launch context
// (package constraints), has them decided (package solver), checks every
// witness against the terms, and turns the answers into report races.
//
// File is the whole API: a frontend.Unit in, a Result out. Scheduling
// files, worker processes, the cache and host code from other files are
// package driver's.
//
// # Launch contexts
//
// A kernel is analysed once per distinct launch the host walk finds, with
// that launch's dimensions, arguments and facts (file.go), or, when no
// analysed host code launches it, once with the shape of Options.GridDim
// and Options.BlockDim.
//
// # Queries, unions and lanes
//
// A file's race queries are built first, one per conflicting pair of
// accesses, kind of race and launch context, preceded for each pair by
// the union of its kinds' queries, which decides them all when no kind
// can race (solve.go). They are divided among eight lanes by pair of
// access sites (an access's site is the first access at its source
// position: the read and the write of x[i] += v share one), pairs at the
// same source positions in one lane (the copies of an inlined function);
// each lane has its own solver and answers its queries in order, lanes
// in parallel. The division depends only on the queries, so the answers
// are the same on every run and machine.
//
// # Witnesses and explanations
//
// A satisfying model is replayed through the query's terms with Go's own
// evaluator before it is reported (sanity.go); a disagreement is an
// internal error, never a race. With Options.Explain, races that host
// facts or synchronisation rule out are explained by the facts or guards
// that do (explain.go).
package analysis
