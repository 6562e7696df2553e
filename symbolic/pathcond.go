// This file defines path conditions: the condition under which a block
// executes, built over the acyclic part of the control-flow graph.

package symbolic

import (
	"github.com/llir/llvm/ir"

	"hgrd/expr"
)

// BlockCond returns the path condition of a block: the disjunction, over its
// predecessors other than back edges, of "the predecessor ran and branched
// here". In a loop, the header's condition is that the loop was entered,
// and the body's conditions are over the current iteration's values.
func (e *Evaluator) BlockCond(b *ir.Block) *expr.Term {
	if c, ok := e.blockCond[b]; ok {
		return c
	}
	if b == e.G.Blocks[0] {
		e.blockCond[b] = expr.True()
		return expr.True()
	}
	e.blockCond[b] = expr.False() // guards against malformed cycles
	var ins []*expr.Term
	for _, p := range e.G.Preds[b] {
		if !e.G.IsBackEdge(p, b) {
			ins = append(ins, e.EdgeTaken(p, b))
		}
	}
	c := expr.AnyOf(ins...)
	e.blockCond[b] = c
	return c
}

// EdgeTaken returns the condition that control flows from p to b.
func (e *Evaluator) EdgeTaken(p, b *ir.Block) *expr.Term {
	conds := []*expr.Term{e.BlockCond(p), e.BranchCond(p, b)}
	for l := e.G.LoopOf[p]; l != nil && !l.Contains(b); l = l.Parent {
		conds = append(conds, e.firstExit(l, p))
	}
	return expr.AllOf(conds...)
}

// firstExit states that a loop leaves through exiting block p at the first
// iteration where it may: if p runs in every iteration (it dominates the
// latches), the iteration before the exit, if any, stayed in the loop at
// p. Only conditions that depend on the iteration through the loop's
// count, not through values loaded in it, can be stated of an earlier
// iteration.
func (e *Evaluator) firstExit(l *Loop, p *ir.Block) *expr.Term {
	for _, latch := range l.Latches {
		if !e.G.Dominates(p, latch) {
			return expr.True()
		}
	}
	var stay []*expr.Term
	for _, s := range e.G.Succs[p] {
		if l.Contains(s) {
			stay = append(stay, e.BranchCond(p, s))
		}
	}
	cond := expr.AnyOf(stay...)
	if !e.iterationIndependent(cond, l) {
		return expr.True()
	}
	k := e.hooks.Iteration(l)
	return expr.AnyOf(expr.Eq(k, expr.Const(0, 32)), InIterationBefore(cond, k))
}

// InIterationBefore returns t as of the iteration before: the iteration
// count k replaced by k - 1. Only a term that depends on the iteration
// through k alone means, so rewritten, what held one iteration earlier.
func InIterationBefore(t, k *expr.Term) *expr.Term {
	return expr.Substitute(t, func(v *expr.Term) *expr.Term {
		if v.Name == k.Name {
			return expr.Sub(k, expr.Const(1, k.Width))
		}
		return nil
	})
}

// iterationIndependent reports whether a term is the same in every
// iteration of l but for l's iteration count: none of its unknowns was
// made inside l (a value loaded in the loop, say).
func (e *Evaluator) iterationIndependent(t *expr.Term, l *Loop) bool {
	for _, v := range expr.Vars(t) {
		b, made := e.freshIn[v.Name]
		if made && (b == nil || l.Contains(b)) {
			return false
		}
	}
	return true
}

// BranchCond returns the condition under which p's terminator goes to b.
func (e *Evaluator) BranchCond(p, b *ir.Block) *expr.Term {
	switch t := p.Term.(type) {
	case *ir.TermCondBr:
		toTrue, toFalse := AsBlock(t.TargetTrue) == b, AsBlock(t.TargetFalse) == b
		switch {
		case toTrue && toFalse:
			return expr.True()
		case toTrue:
			return e.Cond(t.Cond)
		case toFalse:
			return expr.Not(e.Cond(t.Cond))
		}
		return expr.False()
	case *ir.TermSwitch:
		return e.switchCond(t, b)
	}
	return expr.True()
}

// switchCond returns the condition under which a switch goes to b.
func (e *Evaluator) switchCond(t *ir.TermSwitch, b *ir.Block) *expr.Term {
	x := e.Term(t.X)
	var hit, miss []*expr.Term
	for _, c := range t.Cases {
		eq := expr.Eq(x, e.Term(c.X))
		if AsBlock(c.Target) == b {
			hit = append(hit, eq)
		}
		miss = append(miss, expr.Not(eq))
	}
	if AsBlock(t.TargetDefault) == b {
		hit = append(hit, expr.AllOf(miss...))
	}
	return expr.AnyOf(hit...)
}
