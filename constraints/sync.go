// This file defines what acquire/release synchronisation and the scopes
// of atomics contribute to a race query.

package constraints

import (
	"hgrd/cuda"
	"hgrd/expr"
	"hgrd/kernelanalysis"
)

// A Limit records an operation that a race may exist only through: a
// scope too narrow for the race's threads, or the atomic of a lock
// section that lacks its fence.
type Limit struct {
	Op kernelanalysis.SyncOp
	// Note says what is wrong with the operation.
	Note string
	// Widened are the query's assertions with the operation taken as
	// good enough (wide enough, or fenced); nil when no race is possible
	// then (two atomics), so the race is the operation's for certain.
	Widened []*expr.Term
}

// Message returns the report's note, such as "atomicAdd_block at
// k.cu:12:5 does not order threads of different blocks".
func (s *Limit) Message() string { return s.Note }

// scopeNote returns the note of an operation whose scope is too narrow.
func scopeNote(op kernelanalysis.SyncOp) string {
	return op.String() + " does not order threads of different blocks"
}

// atomicPairRaces reports whether two atomics can race: only in global
// memory, only between blocks, and only if one of them is block-scoped.
func atomicPairRaces(a, b *kernelanalysis.Access) bool {
	return a.Object.Space == kernelanalysis.Global && min(a.Scope, b.Scope) == cuda.ScopeBlock
}

// narrowerAtomic returns the operation of the block-scoped one of two
// atomics, the first if both are.
func narrowerAtomic(a, b *kernelanalysis.Access) kernelanalysis.SyncOp {
	if a.Scope > b.Scope {
		a = b
	}
	return kernelanalysis.SyncOp{Name: a.Op, Scope: a.Scope, Pos: a.Pos}
}
