// Package symbolic translates the SSA values of an LLVM function into expr
// terms: arithmetic with its definedness conditions, comparisons, casts,
// selects, merges of branches, loop variables (affine counters and shift
// recurrences as functions of the iteration count) and path conditions of
// blocks over an acyclic view of the control-flow graph.
//
// # Background
//
// Kernel and host code need the same translation with different leaves: in
// a kernel, special registers are thread indices and loads follow a memory
// model; on the host, values come from launches, allocations and the
// outside world. Package kernelanalysis and package hostanalysis give those
// meanings through Hooks; everything else is here, once.
//
// # Evaluator
//
// An Evaluator belongs to one function. Term returns a value's term,
// BlockCond a block's path condition, and Definedness the conditions that
// the values in some terms are defined (no signed wrap where the IR says
// nsw, no division by zero). Loops are natural loops of the Graph; every
// loop has an iteration-count variable chosen by the hooks. A loop
// variable that is neither affine nor a recurrence is an unknown; with
// InferInvariants set, LoopInvariants gives the conditions every value
// it can hold satisfies (its start constant and each value checked on its
// way back to the header).
package symbolic
