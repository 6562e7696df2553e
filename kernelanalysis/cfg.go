// This file defines the control-flow graph of a function: reverse
// postorder, predecessors, dominators and natural loops.

package kernelanalysis

import (
	"sort"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/value"
)

// A graph is the control-flow graph of one function, restricted to the
// blocks reachable from its entry.
type graph struct {
	blocks []*ir.Block       // reverse postorder; blocks[0] is the entry
	order  map[*ir.Block]int // position in blocks
	succs  map[*ir.Block][]*ir.Block
	preds  map[*ir.Block][]*ir.Block
	idom   map[*ir.Block]*ir.Block // immediate dominator; the entry's is nil
	loops  []*Loop                 // outermost first
	loopOf map[*ir.Block]*Loop     // innermost loop of a block
	where  map[ir.Instruction]*ir.Block
}

// A Loop is a natural loop of the kernel.
//
// Example printed form:
//
//	loop L2 at k.cu:14 (header for.cond, 3 blocks)
type Loop struct {
	ID      int
	Header  *ir.Block
	Blocks  map[*ir.Block]bool
	Latches []*ir.Block // sources of the back edges
	Parent  *Loop
}

// Contains reports whether the loop contains block b.
func (l *Loop) Contains(b *ir.Block) bool { return l.Blocks[b] }

// successors returns the targets of a block's terminator.
func successors(b *ir.Block) []*ir.Block {
	switch t := b.Term.(type) {
	case *ir.TermBr:
		return []*ir.Block{asBlock(t.Target)}
	case *ir.TermCondBr:
		return []*ir.Block{asBlock(t.TargetTrue), asBlock(t.TargetFalse)}
	case *ir.TermSwitch:
		succ := []*ir.Block{asBlock(t.TargetDefault)}
		for _, c := range t.Cases {
			succ = append(succ, asBlock(c.Target))
		}
		return succ
	}
	return nil
}

// asBlock returns a branch target as a block.
func asBlock(v value.Value) *ir.Block { return v.(*ir.Block) }

// newGraph builds the graph of f.
func newGraph(f *ir.Func) *graph {
	g := &graph{order: map[*ir.Block]int{}, succs: map[*ir.Block][]*ir.Block{},
		preds: map[*ir.Block][]*ir.Block{}, loopOf: map[*ir.Block]*Loop{}}
	var post []*ir.Block
	seen := map[*ir.Block]bool{}
	var visit func(b *ir.Block)
	visit = func(b *ir.Block) {
		seen[b] = true
		for _, s := range successors(b) {
			g.succs[b] = append(g.succs[b], s)
			if !seen[s] {
				visit(s)
			}
		}
		post = append(post, b)
	}
	visit(f.Blocks[0])
	for i := len(post) - 1; i >= 0; i-- {
		g.order[post[i]] = len(g.blocks)
		g.blocks = append(g.blocks, post[i])
	}
	g.where = map[ir.Instruction]*ir.Block{}
	for _, b := range g.blocks {
		for _, s := range g.succs[b] {
			g.preds[s] = append(g.preds[s], b)
		}
		for _, inst := range b.Insts {
			g.where[inst] = b
		}
	}
	g.computeDominators()
	g.findLoops()
	return g
}

// computeDominators is the iterative algorithm of Cooper, Harvey and
// Kennedy over reverse postorder.
func (g *graph) computeDominators() {
	g.idom = map[*ir.Block]*ir.Block{}
	entry := g.blocks[0]
	g.idom[entry] = entry
	for changed := true; changed; {
		changed = false
		for _, b := range g.blocks[1:] {
			var d *ir.Block
			for _, p := range g.preds[b] {
				if g.idom[p] == nil {
					continue
				}
				if d == nil {
					d = p
				} else {
					d = g.intersect(p, d)
				}
			}
			if g.idom[b] != d {
				g.idom[b] = d
				changed = true
			}
		}
	}
	g.idom[entry] = nil
}

func (g *graph) intersect(a, b *ir.Block) *ir.Block {
	for a != b {
		for g.order[a] > g.order[b] {
			a = g.idom[a]
		}
		for g.order[b] > g.order[a] {
			b = g.idom[b]
		}
	}
	return a
}

// dominates reports whether a dominates b.
func (g *graph) dominates(a, b *ir.Block) bool {
	for ; b != nil; b = g.idom[b] {
		if a == b {
			return true
		}
	}
	return false
}

// isBackEdge reports whether from -> to is a loop's back edge.
func (g *graph) isBackEdge(from, to *ir.Block) bool { return g.dominates(to, from) }

// findLoops finds the natural loops, merging back edges to one header.
func (g *graph) findLoops() {
	byHeader := map[*ir.Block]*Loop{}
	for _, b := range g.blocks {
		for _, s := range g.succs[b] {
			if !g.isBackEdge(b, s) {
				continue
			}
			l := byHeader[s]
			if l == nil {
				l = &Loop{Header: s, Blocks: map[*ir.Block]bool{s: true}}
				byHeader[s] = l
				g.loops = append(g.loops, l)
			}
			l.Latches = append(l.Latches, b)
			g.addLoopBody(l, b)
		}
	}
	// In reverse postorder of their headers, outer loops come before the
	// loops they contain, so the last loop holding a block is its
	// innermost.
	sort.Slice(g.loops, func(i, j int) bool {
		return g.order[g.loops[i].Header] < g.order[g.loops[j].Header]
	})
	for i, l := range g.loops {
		l.ID = i + 1
		for _, outer := range g.loops[:i] {
			if outer.Blocks[l.Header] && outer != l {
				l.Parent = outer
			}
		}
		for b := range l.Blocks {
			g.loopOf[b] = l
		}
	}
}

// addLoopBody adds to l every block that reaches latch without passing
// the header.
func (g *graph) addLoopBody(l *Loop, latch *ir.Block) {
	stack := []*ir.Block{latch}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if l.Blocks[b] {
			continue
		}
		l.Blocks[b] = true
		stack = append(stack, g.preds[b]...)
	}
}

// loopsOf returns the loops containing b, innermost first.
func (g *graph) loopsOf(b *ir.Block) []*Loop {
	var ls []*Loop
	for l := g.loopOf[b]; l != nil; l = l.Parent {
		ls = append(ls, l)
	}
	return ls
}
