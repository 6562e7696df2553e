// This file defines guards that a block's leader takes for the whole
// block:
//
//	if (threadIdx.x == 0) { while (atomicCAS(&lock[b], 0, 1) != 0); __threadfence(); }
//	__syncthreads();
//	... every thread's accesses ...
//	__threadfence();
//	__syncthreads();
//	if (threadIdx.x == 0) atomicExch(&lock[b], 0);
//
// The acquire (an atomic deciding a branch, then a fence) runs in thread 0
// before a __syncthreads that every thread passes before the access; the
// release (a fence, then an atomic write) runs in thread 0 after a
// __syncthreads that every thread reaches after the access, the fence
// either the leader's or every thread's own before that barrier. The
// location must be the same for every thread of the block (it depends on
// block indices, dimensions and parameters only), so that the leader's
// address is the accessing thread's. Such a guard orders accesses of
// different blocks only: threads of one block share the leader's lock.

package kernelanalysis

import (
	"github.com/llir/llvm/ir"

	"hgrd/expr"
)

// leaderAcquiresOf returns the acquires that thread 0 takes before a
// __syncthreads that dominates the access, each with the widest-scoped
// fence that completes it, as acquiresOf chooses.
func (a *analyzer) leaderAcquiresOf(acc *Access, s *syncSites) []syncPair {
	var out []syncPair
	for _, bar := range s.barriers {
		if !a.dominates(s, bar.inst, bar.block, acc.Inst, acc.Block) {
			continue
		}
		for _, at := range s.atomics {
			if !at.reads || !at.byLeader {
				continue
			}
			best := widestFence(s.fences, func(f *syncSite) bool {
				return a.dominates(s, at.inst, at.block, f.inst, f.block) &&
					a.postDominates(s, bar.inst, bar.block, f.inst, f.block) &&
					a.decidedBefore(s, at, f.block, false)
			})
			if best != nil {
				out = append(out, syncPair{at, best})
			}
		}
	}
	return out
}

// leaderReleasesOf returns the releases that thread 0 makes after a
// __syncthreads that post-dominates the access, each with the
// widest-scoped fence that begins it.
func (a *analyzer) leaderReleasesOf(acc *Access, s *syncSites) []syncPair {
	var out []syncPair
	for _, bar := range s.barriers {
		if !a.postDominates(s, bar.inst, bar.block, acc.Inst, acc.Block) {
			continue
		}
		for _, at := range s.atomics {
			if !at.writes || !at.byLeader ||
				!a.dominates(s, bar.inst, bar.block, at.inst, at.block) {
				continue
			}
			best := widestFence(s.fences, func(f *syncSite) bool {
				everyThreads := a.postDominates(s, f.inst, f.block, acc.Inst, acc.Block) &&
					a.postDominates(s, bar.inst, bar.block, f.inst, f.block)
				leaders := a.dominates(s, bar.inst, bar.block, f.inst, f.block) &&
					a.postDominates(s, at.inst, at.block, f.inst, f.block)
				return everyThreads || leaders
			})
			if best != nil {
				out = append(out, syncPair{at, best})
			}
		}
	}
	return out
}

// markLeaderAtomics sets byLeader on the atomics that thread 0 of every
// block executes on a location the same for the whole block.
func (a *analyzer) markLeaderAtomics(s *syncSites) {
	spins := a.spinResults(s)
	for _, at := range s.atomics {
		at.byLeader = blockUniform(at.target.off) && a.leaderRuns(spins, at)
	}
}

// leaderRuns reports whether thread (0, 0, 0) of every block executes
// the atomic: with the thread indices at 0, its path condition holds, or
// depends only on the outcome of the leader's own spin loops (which it
// leaves once its atomic succeeds).
func (a *analyzer) leaderRuns(spins map[string]bool, at *atomicSite) bool {
	cond := expr.Substitute(a.ev.BlockCond(at.block), func(v *expr.Term) *expr.Term {
		if v.Role.Kind == expr.ThreadIndex {
			return expr.Const(0, v.Width)
		}
		return nil
	})
	if cond.IsTrue() {
		return true
	}
	if cond.IsConst() {
		return false
	}
	for _, v := range expr.Vars(cond) {
		if !spins[v.Name] {
			return false
		}
	}
	return true
}

// spinResults returns the names of the per-thread unknowns that the exit
// branches of spin loops test: the results of the atomics they spin on.
func (a *analyzer) spinResults(s *syncSites) map[string]bool {
	names := map[string]bool{}
	for _, blocks := range s.deciding {
		for _, b := range blocks {
			br, ok := b.Term.(*ir.TermCondBr)
			if !ok || a.ev.G.LoopOf[b] == nil {
				continue
			}
			for _, v := range expr.Vars(a.ev.Cond(br.Cond)) {
				if v.Scope != expr.Shared && v.Role.Kind != expr.ThreadIndex && v.Role.Kind != expr.BlockIndex {
					names[v.Name] = true
				}
			}
		}
	}
	return names
}

// blockUniform reports whether a term is the same for every thread of a
// block: it mentions only block indices and launch-wide values.
func blockUniform(t *expr.Term) bool {
	for _, v := range expr.Vars(t) {
		if v.Scope != expr.Shared && v.Role.Kind != expr.BlockIndex {
			return false
		}
	}
	return true
}
