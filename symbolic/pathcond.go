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
	return e.blockCondFrom(e.G.Blocks[0], b)
}

// A condKey names the path condition of block b from block root.
type condKey struct{ root, b *ir.Block }

// blockCondFrom returns the path condition of block b from block root,
// which dominates it: the condition that b runs once root has run, over
// the blocks between them.
func (e *Evaluator) blockCondFrom(root, b *ir.Block) *expr.Term {
	k := condKey{root, b}
	if c, ok := e.blockCond[k]; ok {
		return c
	}
	if b == root {
		e.blockCond[k] = expr.True()
		return expr.True()
	}
	e.blockCond[k] = expr.False() // guards against malformed cycles
	var ins []*expr.Term
	for _, p := range e.G.Preds[b] {
		if !e.G.IsBackEdge(p, b) {
			ins = append(ins, e.edgeTakenFrom(root, p, b))
		}
	}
	c := expr.AnyOf(ins...)
	e.blockCond[k] = c
	return c
}

// EdgeTaken returns the condition that control flows from p to b.
func (e *Evaluator) EdgeTaken(p, b *ir.Block) *expr.Term {
	return e.edgeTakenFrom(e.G.Blocks[0], p, b)
}

// edgeTakenFrom returns the condition that control flows from p to b
// once block root, which dominates p, has run.
func (e *Evaluator) edgeTakenFrom(root, p, b *ir.Block) *expr.Term {
	conds := []*expr.Term{e.blockCondFrom(root, p), e.BranchCond(p, b)}
	l := e.G.LoopOf[p]
	for ; l != nil && !l.Contains(b); l = l.Parent {
		conds = append(conds, e.firstExit(l, p))
	}
	if l != nil {
		if x := e.exitAt(l, p); x.known {
			// Staying in l at p: l leaves there at iteration x.iteration.
			conds = append(conds, expr.ULt(e.hooks.Iteration(l), expr.Const(x.iteration, 32)))
		}
	}
	return expr.AllOf(conds...)
}

// firstExit states that a loop leaves through exiting block p at the first
// iteration where it may: if p runs in every iteration (it dominates the
// latches), the iteration before the exit, if any, stayed in the loop at
// p. Only conditions that depend on the iteration through the loop's
// count, not through values loaded in it, can be stated of an earlier
// iteration. When the condition to stay depends on the count alone, the
// exit's iteration is a constant (exitAt).
func (e *Evaluator) firstExit(l *Loop, p *ir.Block) *expr.Term {
	x := e.exitAt(l, p)
	switch {
	case !x.bounded:
		return expr.True()
	case x.known:
		return expr.Eq(e.hooks.Iteration(l), expr.Const(x.iteration, 32))
	}
	k := e.hooks.Iteration(l)
	return expr.AnyOf(expr.Eq(k, expr.Const(0, 32)), InIterationBefore(x.stay, k))
}

// stayCondition returns the condition under which l stays in the loop at
// its exiting block p, if p runs in every iteration (it dominates the
// latches) and the condition depends on the iteration through l's count
// alone, as a term of the count.
func (e *Evaluator) stayCondition(l *Loop, p *ir.Block) (*expr.Term, bool) {
	for _, latch := range l.Latches {
		if !e.G.Dominates(p, latch) {
			return nil, false
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
		return nil, false
	}
	return cond, true
}

// An exitSite is an exiting block of a loop.
type exitSite struct {
	loop  *Loop
	block *ir.Block
}

// An exit is what a loop's count says of leaving it at an exiting block.
type exit struct {
	// stay is the condition to stay in the loop there (stayCondition), if
	// bounded: it depends on the iteration through the count alone.
	stay    *expr.Term
	bounded bool
	// iteration is, if known, the one iteration at which the loop leaves
	// there (FirstFailure): every iteration runs the block, so the loop
	// stays in each iteration before it.
	iteration uint64
	known     bool
}

// exitAt returns, memoised, the exit of l at its exiting block p.
func (e *Evaluator) exitAt(l *Loop, p *ir.Block) exit {
	site := exitSite{l, p}
	if x, ok := e.exits[site]; ok {
		return x
	}
	var x exit
	x.stay, x.bounded = e.stayCondition(l, p)
	if x.bounded {
		x.iteration, x.known = FirstFailure(x.stay, e.hooks.Iteration(l))
	}
	e.exits[site] = x
	return x
}

// evaluatedIterations bounds the iterations FirstFailure evaluates.
const evaluatedIterations = 1 << 12

// FirstFailure returns the first iteration count n at which stay, a
// condition of the iteration count k and constants only, is false, if
// some n below evaluatedIterations is. A loop that stays while stay
// holds, tested in every iteration, leaves at iteration n and no other:
// every earlier test held. The tree loops of reductions and scans,
// for (d = N >> 1; d > 0; d >>= 1) with N a constant or a template's
// argument, leave at log2(N) + 1 rather than at any k whose test fails
// after one that held, which the solver would have to rule out through
// the shifts by k.
func FirstFailure(stay, k *expr.Term) (uint64, bool) {
	vars := expr.Vars(stay)
	for _, v := range vars {
		if v.Name != k.Name {
			return 0, false
		}
	}
	iterations := uint64(evaluatedIterations)
	if len(vars) == 0 {
		iterations = 1 // the same in every iteration: a block without a test, say
	}
	for n := uint64(0); n < iterations; n++ {
		held, err := expr.Eval(stay, expr.MapEnv{k.Name: n})
		if err != nil {
			return 0, false
		}
		if held == 0 {
			return n, true
		}
	}
	return 0, false
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
