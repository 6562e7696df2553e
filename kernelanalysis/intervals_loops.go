// This file defines what an interval state says of a thread's iteration
// count of a synchronised loop it entered, went around or left since the
// interval's source.
//
// A thread that entered loop l from outside since the source is in (or
// left l from) its first iteration: going around l's back edge passes a
// barrier. A thread that went around the back edge of loop l since the source is
// in an iteration k >= 1, and the branch of the back edge went to the
// header in iteration k-1. A thread that left l since the source left it
// from the iteration it is counted in: an exiting branch went out in
// iteration k. So in
//
//	for (bid = blockIdx.x; bid < n; bid += gridDim.x) {
//	  s[2*t] = ...;                      // write
//	  for (d = N/2; d > 0; d >>= 1) {
//	    __syncthreads();                 // S
//	    if (t < d) s[t] += s[t + d];     // update
//	  }
//	}
//
// the write after S, around the outer back edge, is by a thread that
// left the inner loop in the iteration where d = 1; the thread at the
// update in that interval is in the same iteration (neither crossed the
// inner back edge since S), so it is thread 0; and the write needs a
// second outer iteration, bid + gridDim.x < n.
//
// Each is stated only where the branch's condition depends on nothing but
// the count and values a thread keeps for the whole kernel (its indices,
// the launch's dimensions, the kernel's parameters): values made in a
// loop may have changed since.

package kernelanalysis

import (
	"hgrd/expr"
	"hgrd/symbolic"
)

// loopExits are a synchronised loop's conditions on a thread's iteration
// count k: left holds in the iteration the thread leaves the loop from,
// continued once it went around the back edge into iteration k. Either
// is true if the branches say nothing that can be stated.
type loopExits struct {
	loop            *Loop
	left, continued *expr.Term
}

// computeLoopExits returns the exits of the kernel's loops that synced
// holds (those synchronised at some level), in the graph's loop order.
// Other loops' branches are not evaluated: a kernel without barriers has
// its terms made as before.
func (a *analyzer) computeLoopExits(synced map[*Loop]bool) []loopExits {
	var out []loopExits
	for _, l := range a.ev.G.Loops {
		if synced[l] {
			out = append(out, loopExits{loop: l, left: a.leftCond(l), continued: a.continuedCond(l)})
		}
	}
	return out
}

// leftCond returns the condition that some exiting branch of l goes out
// of it, over l's count: true if one of them cannot be stated.
func (a *analyzer) leftCond(l *Loop) *expr.Term {
	var outs []*expr.Term
	for _, p := range a.ev.G.Blocks {
		if !l.Contains(p) {
			continue
		}
		for _, s := range a.ev.G.Succs[p] {
			if l.Contains(s) {
				continue
			}
			c := a.ev.BranchCond(p, s)
			if !keptAcrossIterations(c, l) {
				return expr.True()
			}
			outs = append(outs, c)
		}
	}
	return expr.AnyOf(outs...)
}

// continuedCond returns the condition that a thread in iteration k of l
// went around a back edge in iteration k-1: k >= 1, and a latch branched
// to the header then.
func (a *analyzer) continuedCond(l *Loop) *expr.Term {
	k := Iteration(l)
	atLeastOne := expr.ULe(expr.Const(1, 32), k)
	var stays []*expr.Term
	for _, latch := range l.Latches {
		c := a.ev.BranchCond(latch, l.Header)
		if !keptAcrossIterations(c, l) {
			return atLeastOne
		}
		stays = append(stays, c)
	}
	return expr.AllOf(atLeastOne, symbolic.InIterationBefore(expr.AnyOf(stays...), k))
}

// keptAcrossIterations reports whether a condition depends only on l's
// count and on values a thread keeps for the whole kernel, so that it
// can be stated of an iteration other than the current one of every
// other loop.
func keptAcrossIterations(c *expr.Term, l *Loop) bool {
	k := Iteration(l)
	kept := true
	expr.Inspect(c, func(t *expr.Term) bool {
		switch t.Op {
		case expr.OpApply:
			kept = false
		case expr.OpVar:
			switch t.Role.Kind {
			case expr.ThreadIndex, expr.BlockIndex, expr.BlockDim, expr.GridDim, expr.KernelParam:
			default:
				if t.Name != k.Name {
					kept = false
				}
			}
		}
		return kept
	})
	return kept
}

// sideConditions returns what a thread's state says of its counts of the
// loops it entered, went around or left since the interval's source, for
// the thread of the given side. Nothing is said where two loops share a
// state bit.
func sideConditions(st intervalState, side int, info *intervalInfo) []*expr.Term {
	if !info.distinctBits {
		return nil
	}
	var conds []*expr.Term
	for _, ex := range info.exits {
		if !info.synced[ex.loop] {
			continue
		}
		bit := loopBit(ex.loop)
		if st.entered&bit != 0 {
			conds = append(conds, expr.Eq(expr.Instantiate(Iteration(ex.loop), side), expr.Const(0, 32)))
		}
		if st.crossed&bit != 0 && !ex.continued.IsTrue() {
			conds = append(conds, expr.Instantiate(ex.continued, side))
		}
		if st.exited&bit != 0 && !ex.left.IsTrue() {
			conds = append(conds, expr.Instantiate(ex.left, side))
		}
	}
	return conds
}
