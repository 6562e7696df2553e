// This file defines the facts of the path to a point of a host function:
// the branches every path to it takes (asserts, guards, loop tests) and
// the allocations before it.

package hostanalysis

import (
	"github.com/llir/llvm/ir"

	"hgrd/cuda"
	"hgrd/expr"
	"hgrd/symbolic"
)

// factsAt returns the facts that hold when control reaches inst in block
// b: for every block that dominates b and ends in a branch, the branch
// taken towards b (when the other side cannot reach b without deciding
// at that block again, see decidedAgain), and the positive sizes of the
// allocations that dominate inst.
func (w *walker) factsAt(ev *symbolic.Evaluator, b *ir.Block, inst ir.Instruction) []Fact {
	reach := reachers(ev.G, b, nil)
	var facts []Fact
	for d := ev.G.IDom[b]; d != nil; d = ev.G.IDom[d] {
		facts = append(facts, w.branchFacts(ev, d, b, reach)...)
		facts = append(facts, w.exitFacts(ev, d, b)...)
	}
	return append(facts, w.allocationFacts(ev, b, inst)...)
}

// exitFacts returns the exit condition of a loop that ran to completion
// before block b, if d, a dominator of b, is the loop's only exiting
// block: the loop left at d, so when control reaches b the condition of
// d's exit held at the last iteration, which is the iteration the
// evaluator's terms of the loop's values at b are in (a do-while's
// `while (m > 16)` leaves m <= 16). Only the innermost loop of d is
// stated, and only if it is the one loop around d that does not contain
// b: an outer loop that b is outside of would have run the inner one
// many times.
func (w *walker) exitFacts(ev *symbolic.Evaluator, d, b *ir.Block) []Fact {
	l := ev.G.LoopOf[d]
	if l == nil || l.Contains(b) || (l.Parent != nil && !l.Parent.Contains(b)) || !onlyExit(ev.G, l, d) {
		return nil
	}
	var stay []*expr.Term
	for _, s := range ev.G.Succs[d] {
		if l.Contains(s) {
			stay = append(stay, ev.BranchCond(d, s))
		}
	}
	cond := expr.Not(expr.AnyOf(stay...))
	if cond.IsTrue() || cond.IsFalse() {
		return nil
	}
	pos, _ := w.u.Pos(d.Term)
	return []Fact{{Kind: LoopExit, Cond: cond, Pos: pos}}
}

// onlyExit reports whether d is the one block of loop l with a successor
// outside it.
func onlyExit(g *symbolic.Graph, l *symbolic.Loop, d *ir.Block) bool {
	for blk := range l.Blocks {
		if blk == d {
			continue
		}
		for _, s := range g.Succs[blk] {
			if !l.Contains(s) {
				return false
			}
		}
	}
	return true
}

// branchFacts returns the facts of the branch that ends dominator d of
// block b: the negation of the condition of every edge that b is not
// reached through (reach holds the blocks from which b can be reached).
func (w *walker) branchFacts(ev *symbolic.Evaluator, d, b *ir.Block, reach map[*ir.Block]bool) []Fact {
	if _, ok := d.Term.(*ir.TermIndirectBr); ok {
		return nil // a lowered invoke: whether it unwinds is unknown
	}
	var facts []Fact
	pos, _ := w.u.Pos(d.Term)
	for _, s := range ev.G.Succs[d] {
		if reach[s] && !decidedAgain(ev.G, d, s, b) {
			continue
		}
		cond := expr.Not(ev.BranchCond(d, s))
		if cond.IsTrue() {
			continue
		}
		kind := Guard
		switch {
		case exitsLoop(ev.G, d, s):
			kind = LoopBound
		case endsProgram(s):
			kind = Assert
		}
		facts = append(facts, Fact{Kind: kind, Cond: cond, Pos: pos})
	}
	return facts
}

// decidedAgain reports whether every path from s, a successor of d, to b
// passes through d again, so that when control reaches b the last branch
// taken at d was not the edge to s, and the negation of that edge's
// condition, as the evaluator gives it at d, holds at b.
//
// This is how a launch inside an inner loop keeps its loop's bound when
// an outer loop encloses both (the timing loop around nearly every
// launch of real programs): the inner loop's exit reaches the launch
// again through the outer loop's back edge, but only by passing the
// inner loop's test once more. The evaluator names a loop's values by
// the current iteration of each loop containing d, so the condition is
// the one at b only if every loop containing d contains b as well.
func decidedAgain(g *symbolic.Graph, d, s, b *ir.Block) bool {
	for l := g.LoopOf[d]; l != nil; l = l.Parent {
		if !l.Contains(b) {
			return false
		}
	}
	return !reachers(g, b, d)[s]
}

// reachers returns the blocks from which b can be reached without
// passing through block avoid (nil: any block may be passed).
func reachers(g *symbolic.Graph, b, avoid *ir.Block) map[*ir.Block]bool {
	reach := map[*ir.Block]bool{}
	stack := []*ir.Block{b}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if reach[x] || x == avoid {
			continue
		}
		reach[x] = true
		stack = append(stack, g.Preds[x]...)
	}
	return reach
}

// exitsLoop reports whether d -> s leaves a loop whose header is d.
func exitsLoop(g *symbolic.Graph, d, s *ir.Block) bool {
	l := g.LoopOf[d]
	return l != nil && l.Header == d && !l.Contains(s)
}

// endsProgram reports whether block s, or the blocks it falls through to,
// end the program: a call of exit, abort or a failed assert, or
// unreachable.
func endsProgram(s *ir.Block) bool {
	for seen := map[*ir.Block]bool{}; s != nil && !seen[s]; {
		seen[s] = true
		for _, inst := range s.Insts {
			if call, ok := inst.(*ir.InstCall); ok {
				if f, ok := call.Callee.(*ir.Func); ok && cuda.NeverReturns(f.Name()) {
					return true
				}
			}
		}
		switch t := s.Term.(type) {
		case *ir.TermUnreachable:
			return true
		case *ir.TermBr:
			s = symbolic.AsBlock(t.Target)
		default:
			return false
		}
	}
	return false
}

// allocationFacts returns, for every allocation that dominates inst, that
// its sizes are positive (the HGRD paper's fifth class).
func (w *walker) allocationFacts(ev *symbolic.Evaluator, b *ir.Block, inst ir.Instruction) []Fact {
	var facts []Fact
	for d := b; d != nil; d = ev.G.IDom[d] {
		for _, x := range d.Insts {
			if d == b && x == inst {
				break
			}
			call, ok := x.(*ir.InstCall)
			if !ok {
				continue
			}
			f, ok := call.Callee.(*ir.Func)
			if !ok {
				continue
			}
			if fr := w.frames[ev]; fr != nil {
				if fact, ok := fr.pitchedPtrFact(call, d); ok {
					pos, _ := w.u.Pos(call)
					facts = append(facts, Fact{Kind: Allocation, Cond: fact, Pos: pos})
				}
			}
			alloc, _ := cuda.LookupAllocation(f.Name())
			for _, i := range alloc.Sizes {
				if i >= len(call.Args) {
					continue
				}
				size := ev.Term(call.Args[i])
				if size.IsBool() {
					continue
				}
				pos, _ := w.u.Pos(call)
				if positive := expr.SLt(expr.Const(0, size.Width), size); !positive.IsTrue() {
					facts = append(facts, Fact{Kind: Allocation, Cond: positive, Pos: pos})
				}
				if alloc.Pitched && i == alloc.RowWidth {
					if fact, ok := pitchFact(w.pitchSlotsOf(b.Parent), ev.Namespace, call, alloc, size); ok {
						facts = append(facts, Fact{Kind: Allocation, Cond: fact, Pos: pos})
					}
				}
			}
		}
	}
	return facts
}
