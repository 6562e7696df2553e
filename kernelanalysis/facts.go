// This file defines the kernel's own facts: assert(c), __builtin_assume(c)
// and __assume(c) hold for a thread from where they stand, at every point
// they dominate. GPUVerify's __requires(c), a precondition, holds from the
// kernel's start (Kernel.Assumptions).

package kernelanalysis

import (
	"github.com/llir/llvm/ir"

	"hgrd/cuda"
	"hgrd/expr"
	"hgrd/symbolic"
)

// A fact is a condition that holds for a thread at the points after a site
// of the kernel: after instruction index of block, and in every block the
// block dominates.
type fact struct {
	cond  *expr.Term
	block *ir.Block
	index int
	// avoid, if set, is a block that ends the thread (an assert's failure
	// path): the fact holds only at points from which it cannot be
	// reached.
	avoid *ir.Block
}

// findFacts records the kernel's assumptions and asserts. An assert is a
// branch to a block that never returns (__assertfail, a trap): a thread
// that goes on past the branch did not take it.
func (a *analyzer) findFacts() {
	for _, b := range a.ev.G.Blocks {
		for i, inst := range b.Insts {
			c, ok := inst.(*ir.InstCall)
			if !ok {
				continue
			}
			switch cuda.LookupCall(symbolic.CalleeName(c)).Kind {
			case cuda.Assume:
				a.facts = append(a.facts, fact{cond: expr.Implies(a.ev.BlockCond(b), a.ev.Cond(c.Args[0])), block: b, index: i})
			case cuda.Requires:
				a.res.Assumptions = append(a.res.Assumptions, expr.Implies(a.ev.BlockCond(b), a.ev.Cond(c.Args[0])))
			}
		}
		if !a.endsThread(b) {
			continue
		}
		for _, p := range a.ev.G.Blocks {
			if p != b && contains(a.ev.G.Succs[p], b) {
				a.facts = append(a.facts, fact{cond: expr.Not(a.ev.BlockCond(b)), block: p, index: len(p.Insts), avoid: b})
			}
		}
	}
}

// endsThread reports whether a block ends the thread: it calls a function
// that does not return, or ends in unreachable.
func (a *analyzer) endsThread(b *ir.Block) bool {
	if _, ok := b.Term.(*ir.TermUnreachable); ok {
		return true
	}
	for _, inst := range b.Insts {
		if c, ok := inst.(*ir.InstCall); ok && cuda.LookupCall(symbolic.CalleeName(c)).Kind == cuda.NoReturn {
			return true
		}
	}
	return false
}

// factsAt returns the facts that hold before instruction index of block b.
func (a *analyzer) factsAt(b *ir.Block, index int) []*expr.Term {
	var out []*expr.Term
	for _, f := range a.facts {
		switch {
		case f.block == b && f.index >= index:
			continue
		case f.block != b && !a.ev.G.Dominates(f.block, b):
			continue
		case f.avoid != nil && a.closure(symbolic.Closure{From: b, Forward: true})[f.avoid]:
			continue
		}
		out = append(out, f.cond)
	}
	return out
}

// indexOf returns the position of an instruction in its block, or the
// block's length if it is not there (a terminator).
func indexOf(b *ir.Block, inst ir.Instruction) int {
	for i, x := range b.Insts {
		if x == inst {
			return i
		}
	}
	return len(b.Insts)
}

func contains(bs []*ir.Block, b *ir.Block) bool {
	for _, x := range bs {
		if x == b {
			return true
		}
	}
	return false
}
