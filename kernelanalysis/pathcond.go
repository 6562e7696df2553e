// This file defines path conditions: the condition under which a block
// executes, built over the acyclic part of the control-flow graph.

package kernelanalysis

import (
	"strings"

	"github.com/llir/llvm/ir"

	"hgrd/expr"
)

// condOf returns the path condition of a block: the disjunction, over its
// predecessors other than back edges, of "the predecessor ran and branched
// here". In a loop, the header's condition is that the loop was entered,
// and the body's conditions are over the current iteration's values.
func (a *analyzer) condOf(b *ir.Block) *expr.Term {
	if c, ok := a.blockCond[b]; ok {
		return c
	}
	if b == a.g.blocks[0] {
		a.blockCond[b] = expr.True()
		return expr.True()
	}
	a.blockCond[b] = expr.False() // guards against malformed cycles
	var ins []*expr.Term
	for _, p := range a.g.preds[b] {
		if !a.g.isBackEdge(p, b) {
			ins = append(ins, a.edgeTaken(p, b))
		}
	}
	c := expr.AnyOf(ins...)
	a.blockCond[b] = c
	return c
}

// edgeTaken returns the condition that control flows from p to b.
func (a *analyzer) edgeTaken(p, b *ir.Block) *expr.Term {
	conds := []*expr.Term{a.condOf(p), a.branchCond(p, b)}
	for l := a.g.loopOf[p]; l != nil && !l.Contains(b); l = l.Parent {
		conds = append(conds, a.firstExit(l, p))
	}
	return expr.AllOf(conds...)
}

// firstExit states that a loop leaves through exiting block p at the first
// iteration where it may: if p runs in every iteration (it dominates the
// latches), the iteration before the exit, if any, stayed in the loop at
// p. Only conditions that depend on the iteration through the loop's
// count, not through values loaded in it, can be stated of an earlier
// iteration.
func (a *analyzer) firstExit(l *Loop, p *ir.Block) *expr.Term {
	for _, latch := range l.Latches {
		if !a.g.dominates(p, latch) {
			return expr.True()
		}
	}
	var stay []*expr.Term
	for _, s := range a.g.succs[p] {
		if l.Contains(s) {
			stay = append(stay, a.branchCond(p, s))
		}
	}
	cond := expr.AnyOf(stay...)
	if !iterationIndependent(cond) {
		return expr.True()
	}
	k := Iteration(l)
	before := expr.Substitute(cond, func(v *expr.Term) *expr.Term {
		if v.Name == k.Name {
			return expr.Sub(k, expr.Const(1, 32))
		}
		return nil
	})
	return expr.AnyOf(expr.Eq(k, expr.Const(0, 32)), before)
}

// iterationIndependent reports whether a term's per-thread variables are
// all thread or block indices or iteration counts: the same in every
// iteration but for the counts.
func iterationIndependent(t *expr.Term) bool {
	for _, v := range expr.Vars(t) {
		if v.Scope != expr.PerThread {
			continue
		}
		if !strings.HasPrefix(v.Name, "tid.") && !strings.HasPrefix(v.Name, "ctaid.") && !strings.HasPrefix(v.Name, "k.L") {
			return false
		}
	}
	return true
}

// branchCond returns the condition under which p's terminator goes to b.
func (a *analyzer) branchCond(p, b *ir.Block) *expr.Term {
	switch t := p.Term.(type) {
	case *ir.TermCondBr:
		toTrue, toFalse := asBlock(t.TargetTrue) == b, asBlock(t.TargetFalse) == b
		switch {
		case toTrue && toFalse:
			return expr.True()
		case toTrue:
			return a.cond(t.Cond)
		case toFalse:
			return expr.Not(a.cond(t.Cond))
		}
		return expr.False()
	case *ir.TermSwitch:
		return a.switchCond(t, b)
	}
	return expr.True()
}

// switchCond returns the condition under which a switch goes to b.
func (a *analyzer) switchCond(t *ir.TermSwitch, b *ir.Block) *expr.Term {
	x := a.term(t.X)
	var hit, miss []*expr.Term
	for _, c := range t.Cases {
		eq := expr.Eq(x, a.term(c.X))
		if asBlock(c.Target) == b {
			hit = append(hit, eq)
		}
		miss = append(miss, expr.Not(eq))
	}
	if asBlock(t.TargetDefault) == b {
		hit = append(hit, expr.AllOf(miss...))
	}
	return expr.AnyOf(hit...)
}
