// This file defines prior accesses: the accesses that a thread ran before
// an access, in the same iterations, with an index read from memory in
// common.
//
// # Why
//
// A witness is an execution of a correct program only if every access
// its threads ran stayed inside its object, not only the two that race
// (constraints.inBounds). A value read from memory is often bounded by
// nothing but such an access:
//
//	int task = queue[i];               // unknown
//	int v = tasks[task];               // stays inside tasks: task < n
//	out[task * blockDim.x + tid] = v;  // so task * blockDim.x does not wrap
//
// A witness of two writes of out with task = 2^31 - 3 in one thread is
// not an execution of a correct program: its read of tasks left tasks.

package kernelanalysis

import (
	"slices"

	"hgrd/expr"
)

// maxPriors bounds the prior accesses recorded for one access.
const maxPriors = 8

// findPriors records each access's prior accesses: the accesses, in
// program order, whose block dominates its block (the same block: that
// come before it there), that are in the same loops or in loops around
// them, and whose offset reads a value loaded from memory that its offset
// reads too. A thread that runs the access ran each of them, in the same
// iterations of their loops, with that value.
func (a *analyzer) findPriors() {
	byValue := map[string][]*Access{}
	for _, acc := range a.res.Accesses {
		for _, name := range loadedValues(acc.Offset) {
			byValue[name] = append(byValue[name], acc)
		}
	}
	for _, acc := range a.res.Accesses {
		seen := map[*Access]bool{acc: true}
		for _, name := range loadedValues(acc.Offset) {
			for _, p := range byValue[name] {
				if !seen[p] && len(acc.Prior) < maxPriors && a.runsBefore(p, acc) {
					acc.Prior = append(acc.Prior, p)
				}
				seen[p] = true
			}
		}
	}
}

// runsBefore reports whether every execution of acc follows one of p in
// the same iterations of p's loops.
func (a *analyzer) runsBefore(p, acc *Access) bool {
	if len(p.Loops) > len(acc.Loops) || !slices.Equal(p.Loops, acc.Loops[len(acc.Loops)-len(p.Loops):]) {
		return false
	}
	if p.Block == acc.Block {
		return indexOf(p.Block, p.Inst) < indexOf(acc.Block, acc.Inst)
	}
	return a.ev.G.Dominates(p.Block, acc.Block)
}

// loadedValues returns the names of the values read from memory that t
// reads, in first-seen order: uninterpreted functions (contents, epoch
// loads) and per-thread variables that are no index or iteration count.
func loadedValues(t *expr.Term) []string {
	var names []string
	seen := map[string]bool{}
	expr.Inspect(t, func(x *expr.Term) bool {
		loaded := x.Op == expr.OpApply || x.Op == expr.OpVar && x.Scope == expr.PerThread && x.Role.Kind == expr.NoRole
		if loaded && !seen[x.Name] {
			seen[x.Name] = true
			names = append(names, x.Name)
		}
		return true
	})
	return names
}
