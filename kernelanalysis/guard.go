// This file defines guards: the acquire/release synchronisation around an
// access (a lock held while it runs, a release after it, an acquire before
// it) and the atomics and fences they are made of.

package kernelanalysis

import (
	"fmt"
	"strings"

	"github.com/llir/llvm/ir"

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
	// atomic write) that post-dominates it. A section that lacks one of
	// the two fences is recorded with its Gap: it orders nothing.
	LockGuard GuardKind = iota
	// ReleaseGuard: a fence and then an atomic write of a flag
	// post-dominate the access (the producer's side). An atomic write
	// with no fence before it is recorded with its Gap: it publishes
	// nothing.
	ReleaseGuard
	// AcquireGuard: an atomic read of a flag deciding a branch (a spin)
	// dominates the access (the consumer's side); a fence after the spin
	// is not required. A lock's own spin, which its thread undoes by a
	// later write of the location, is no acquire of a flag.
	AcquireGuard
)

// A FenceGap names the fence that a lock's critical section lacks.
type FenceGap int

// The gaps of a critical section.
const (
	NoGap         FenceGap = iota
	NoFenceAfter           // no fence between the lock's spin and the access
	NoFenceBefore          // no fence between the access and the lock's release
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
	// Inst is a flag's atomic: the release's write or the acquire's spin.
	Inst ir.Instruction
	// Value is the value a release's atomic stores, nil if unknown.
	Value *expr.Term
	// Result and Exit describe an acquire's spin: the value its atomic
	// returns, and the condition on it under which the spin lets the
	// thread go on towards the access.
	Result, Exit *expr.Term
	// Fence is the widest fence between an acquire's spin and the access,
	// nil if there is none: a consumer needs none, a thread that passes a
	// flag on (a relay) does.
	Fence *SyncOp
	// Gap is set on a lock section or a release that lacks a fence; Ops
	// then holds the operations it has.
	Gap FenceGap
}

// Complete reports whether a guard can order accesses: it lacks no
// fence.
func (g *Guard) Complete() bool { return g.Gap == NoGap }

// Missing returns the atomic of an incomplete lock section or release
// whose fence is missing and the note that says so, such as "atomicCAS at
// k.cu:12:9 is not followed by a fence, so this section does not acquire
// the lock".
func (g *Guard) Missing() (SyncOp, string) {
	last := g.Ops[len(g.Ops)-1]
	switch {
	case g.Gap == NoFenceAfter:
		return g.Ops[0], g.Ops[0].String() + " is not followed by a fence, so this section does not acquire the lock"
	case g.Kind == ReleaseGuard:
		return last, last.String() + " is not preceded by a fence, so it does not publish the writes before it"
	}
	return last, last.String() + " is not preceded by a fence, so this section does not release the lock"
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
	kind := g.Kind.String()
	if !g.Complete() {
		kind = "incomplete " + kind
	}
	return fmt.Sprintf("%s %s %s (%s)", kind, g.Object.Space, g.Source, strings.Join(ops, ", "))
}

// Orders reports whether locks of two accesses can order them: both are
// complete critical sections (flags are ordered through the writers of
// the flag, package constraints).
func Orders(g1, g2 *Guard) bool {
	return g1.Kind == LockGuard && g2.Kind == LockGuard && g1.Complete() && g2.Complete()
}
