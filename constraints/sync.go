// This file defines what acquire/release synchronisation and the scopes
// of atomics contribute to a race query.

package constraints

import (
	"hgrd/cuda"
	"hgrd/expr"
	"hgrd/kernelanalysis"
)

// A ScopeLimit records an operation whose scope is too narrow for the
// threads of a race: with a wider scope, the race would not exist.
type ScopeLimit struct {
	Op kernelanalysis.SyncOp
	// Widened are the query's assertions with the operation's scope
	// taken as wide enough; nil when no race is possible then (two
	// atomics), so the race is the scope's for certain.
	Widened []*expr.Term
}

// Message returns the report's note, such as "atomicAdd_block at
// k.cu:12:5 does not order threads of different blocks".
func (s *ScopeLimit) Message() string {
	return s.Op.String() + " does not order threads of different blocks"
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

// A guardPair is a guard of each access that can order them.
type guardPair struct {
	g1, g2 *kernelanalysis.Guard
	// eq states that side 1's lock or flag and side 2's are one location.
	eq *expr.Term
}

// guardPairs returns the pairs of guards of a and b that can order them:
// two locks, or a release and an acquire, of locations in one
// allocation.
func guardPairs(l *Launch, a, b *kernelanalysis.Access) []guardPair {
	var out []guardPair
	for _, g1 := range a.Guards {
		for _, g2 := range b.Guards {
			if !kernelanalysis.Orders(g1, g2) {
				continue
			}
			group1, base1 := l.objectOf(g1.Object)
			group2, base2 := l.objectOf(g2.Object)
			if group1 != group2 {
				continue
			}
			eq := expr.Eq(expr.Add(base1, expr.Instantiate(g1.Offset, 1)), expr.Add(base2, expr.Instantiate(g2.Offset, 2)))
			out = append(out, guardPair{g1, g2, eq})
		}
	}
	return out
}

// orderedBy returns the condition under which the pairs' guards order the
// two threads of a kind of race (some pair addresses one location), using
// only pairs whose scopes cover the two threads unless widen is set, and
// the first operation whose scope is too narrow, if any.
func orderedBy(pairs []guardPair, kind Kind, widen bool) (*expr.Term, *kernelanalysis.SyncOp) {
	inter := kind == InterBlock
	var same []*expr.Term
	var narrow *kernelanalysis.SyncOp
	for _, p := range pairs {
		if (p.g1.Leader || p.g2.Leader) && !inter {
			continue // a leader's guard is the whole block's
		}
		op := p.g1.Narrowest()
		if o := p.g2.Narrowest(); o.Scope < op.Scope {
			op = o
		}
		if !op.Scope.Covers(inter) {
			if narrow == nil {
				narrow = &op
			}
			if !widen {
				continue
			}
		}
		same = append(same, p.eq)
	}
	return expr.AnyOf(same...), narrow
}

// describeGuards describes the pairs of guards for --explain: the locks
// if there are any (their acquires and releases would repeat them), else
// each release with its acquire.
func describeGuards(pairs []guardPair) []string {
	var locks, flags []string
	for _, p := range pairs {
		d1, d2 := p.g1.String(), p.g2.String()
		switch {
		case p.g1.Kind == kernelanalysis.LockGuard && d1 == d2:
			locks = append(locks, d1)
		case p.g1.Kind == kernelanalysis.LockGuard:
			locks = append(locks, d1+" and "+d2)
		default:
			flags = append(flags, d1+" with "+d2)
		}
	}
	if len(locks) > 0 {
		return locks
	}
	return flags
}
