// This file defines guards: the acquire/release synchronisation around an
// access (a lock held while it runs, a release after it, an acquire before
// it) and the atomics and fences they are made of.

package kernelanalysis

import (
	"fmt"
	"strings"

	"hgrd/cuda"
	"hgrd/expr"
	"hgrd/frontend"
)

// A SyncOp is an atomic operation or a fence that is part of an acquire or
// a release, or an atomic access whose scope matters to a race.
//
// Example printed form:
//
//	atomicCAS_block at k.cu:12:9
type SyncOp struct {
	Name  string // as CUDA source writes it: "atomicCAS_block", "__threadfence"
	Scope cuda.Scope
	Pos   frontend.Pos
}

// String returns the operation and its position.
func (o SyncOp) String() string { return o.Name + " at " + o.Pos.String() }

// A GuardKind says how a guard orders its access.
type GuardKind int

// The kinds of guard (the HGRD paper, section 6.5).
const (
	// LockGuard: the access runs between an acquire of a lock (an atomic
	// compare-and-swap or exchange deciding a branch, then a fence) that
	// dominates it and a release of the same lock (a fence, then an
	// atomic write) that post-dominates it.
	LockGuard GuardKind = iota
	// ReleaseGuard: a fence and then an atomic write of a flag
	// post-dominate the access (the producer's side).
	ReleaseGuard
	// AcquireGuard: an atomic read of a flag deciding a branch, then a
	// fence, dominate the access (the consumer's side).
	AcquireGuard
)

// String returns "lock", "release" or "acquire".
func (k GuardKind) String() string { return [...]string{"lock", "release", "acquire"}[k] }

// A Guard is acquire/release synchronisation around an access, on a lock
// or flag: one location, whose address the solver compares between two
// threads.
//
// Example printed form:
//
//	lock global locks[i] (atomicCAS at k.cu:10:12, __threadfence at k.cu:11:5, __threadfence at k.cu:13:5, atomicExch at k.cu:14:5)
type Guard struct {
	Kind   GuardKind
	Object *Object    // the lock or flag's object
	Offset *expr.Term // the lock or flag's byte offset in it
	Source string     // the lock or flag in source terms, such as "locks[i]"
	Ops    []SyncOp   // its atomics and fences, in program order
	// Leader is set when thread 0 of the block takes the acquire or the
	// release for the whole block, across a __syncthreads (leader.go):
	// the guard then orders the access only against other blocks.
	Leader bool
}

// Scope returns the narrowest scope among the guard's operations: the
// threads the guard can order.
func (g *Guard) Scope() cuda.Scope { return g.Narrowest().Scope }

// Narrowest returns the first of the guard's operations with the
// narrowest scope.
func (g *Guard) Narrowest() SyncOp {
	best := g.Ops[0]
	for _, op := range g.Ops[1:] {
		if op.Scope < best.Scope {
			best = op
		}
	}
	return best
}

// String returns the guard's kind, location and operations.
func (g *Guard) String() string {
	ops := make([]string, len(g.Ops))
	for i, op := range g.Ops {
		ops[i] = op.String()
	}
	return fmt.Sprintf("%s %s %s (%s)", g.Kind, g.Object.Space, g.Source, strings.Join(ops, ", "))
}

// Orders reports whether guards of two accesses can order them: both
// hold a lock, or one releases a flag the other acquires.
func Orders(g1, g2 *Guard) bool {
	switch g1.Kind {
	case LockGuard:
		return g2.Kind == LockGuard
	case ReleaseGuard:
		return g2.Kind == AcquireGuard
	}
	return g2.Kind == ReleaseGuard
}
