// This file defines how acquires and releases become guards: the
// critical sections of locks (with the fence each lacks, if any), the
// releases, and the spins on flags with their exit conditions.

package kernelanalysis

import (
	"github.com/llir/llvm/ir"

	"hgrd/expr"
	"hgrd/symbolic"
)

// makeGuards returns the locks that pairs of an acquire and a release of
// one location make and each release (with a gap where a fence is
// missing), and each spin on a flag. The exits of thread
// acquires are taken towards block to (nil for a leader's).
func (a *analyzer) makeGuards(s *syncSites, acquires, releases []syncPair, to *ir.Block, leader bool) []*Guard {
	var guards []*Guard
	guard := func(kind GuardKind, at *atomicSite, ops ...SyncOp) *Guard {
		return &Guard{Kind: kind, Object: at.target.obj, Offset: at.target.off, Source: at.source, Ops: ops, Leader: leader, Inst: at.inst}
	}
	for _, acq := range acquires {
		for _, rel := range releases {
			if acq.atomic.locks && sameLocation(acq.atomic, rel.atomic) && (acq.fence != nil || rel.fence != nil) {
				g := guard(LockGuard, acq.atomic, acq.ops(rel)...)
				g.Gap = acq.gap(rel)
				guards = append(guards, g)
			}
		}
	}
	for _, rel := range releases {
		g := guard(ReleaseGuard, rel.atomic, rel.atomic.op)
		if rel.fence != nil {
			g.Ops = []SyncOp{rel.fence.op, rel.atomic.op}
		} else {
			g.Gap = NoFenceBefore
		}
		g.Value = a.storedValue(rel.atomic.inst)
		guards = append(guards, g)
	}
	for _, acq := range acquires {
		if g := a.flagAcquire(s, acq, to, guard(AcquireGuard, acq.atomic, acq.atomic.op)); g != nil {
			guards = append(guards, g)
		}
	}
	return guards
}

// flagAcquire completes an acquire guard of a spin on a flag with its
// exit condition and fence, or returns nil if the spin is a lock's (its
// thread writes the location again after it) or its exit is not known.
func (a *analyzer) flagAcquire(s *syncSites, acq syncPair, to *ir.Block, g *Guard) *Guard {
	if acq.atomic.locks && a.rewrittenAfter(s, acq.atomic) {
		return nil
	}
	if to == nil && acq.fence != nil {
		to = acq.fence.block
	}
	g.Result = a.atomicResult(acq.atomic.inst)
	g.Exit = a.exitTowards(s, acq.atomic, to)
	if g.Result == nil || g.Exit == nil {
		return nil
	}
	if acq.fence != nil {
		op := acq.fence.op
		g.Fence = &op
	}
	return g
}

// rewrittenAfter reports whether the thread that runs an atomic writes
// its location again with an atomic after it: a lock's release, which
// makes its spin wait for the lock's initial value.
func (a *analyzer) rewrittenAfter(s *syncSites, at *atomicSite) bool {
	for _, other := range s.atomics {
		if other != at && other.writes && sameLocation(at, other) && a.dominates(s, at.inst, at.block, other.inst, other.block) {
			return true
		}
	}
	return false
}

// exitTowards returns the condition under which a branch that the
// atomic's result decides, and that dominates block to, goes towards it;
// nil if there is no such branch.
func (a *analyzer) exitTowards(s *syncSites, at *atomicSite, to *ir.Block) *expr.Term {
	if to == nil {
		return nil
	}
	for _, d := range s.deciding[at.inst] {
		if !a.ev.G.Dominates(d, to) {
			continue
		}
		for _, succ := range blockSuccs(d) {
			if succ == to || (succ != d && a.ev.G.Dominates(succ, to)) {
				return a.ev.BranchCond(d, succ)
			}
		}
	}
	return nil
}

// blockSuccs returns the successors of a block ending in a conditional
// branch.
func blockSuccs(b *ir.Block) []*ir.Block {
	br, ok := b.Term.(*ir.TermCondBr)
	if !ok {
		return nil
	}
	return []*ir.Block{symbolic.AsBlock(br.TargetTrue), symbolic.AsBlock(br.TargetFalse)}
}

// A syncPair is an atomic and the fence that goes with it, nil if none.
type syncPair struct {
	atomic *atomicSite
	fence  *syncSite
}

// ops returns the operations of the lock that an acquire and a release
// make, in program order, without the fences that are missing.
func (acq syncPair) ops(rel syncPair) []SyncOp {
	ops := []SyncOp{acq.atomic.op}
	for _, f := range []*syncSite{acq.fence, rel.fence} {
		if f != nil {
			ops = append(ops, f.op)
		}
	}
	return append(ops, rel.atomic.op)
}

// gap returns the fence that the lock of an acquire and a release lacks.
func (acq syncPair) gap(rel syncPair) FenceGap {
	switch {
	case acq.fence == nil:
		return NoFenceAfter
	case rel.fence == nil:
		return NoFenceBefore
	}
	return NoGap
}
