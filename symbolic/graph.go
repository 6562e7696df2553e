// This file defines the control-flow graph of a function: reverse
// postorder, predecessors, dominators (package cfg computes them) and
// natural loops.

package symbolic

import (
	"sort"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/value"

	"hgrd/cfg"
)

// A Graph is the control-flow graph of one function, restricted to the
// blocks reachable from its entry.
type Graph struct {
	Blocks []*ir.Block       // reverse postorder; Blocks[0] is the entry
	Order  map[*ir.Block]int // position in Blocks; absent if unreachable
	Succs  map[*ir.Block][]*ir.Block
	Preds  map[*ir.Block][]*ir.Block
	IDom   map[*ir.Block]*ir.Block      // immediate dominator; the entry's is nil
	Loops  []*Loop                      // outer loops before the loops they contain
	LoopOf map[*ir.Block]*Loop          // innermost loop of a block
	Where  map[ir.Instruction]*ir.Block // block of each instruction

	dom      *cfg.Tree[*ir.Block]           // dominators from the entry
	postDom  *cfg.Tree[*ir.Block]           // post-dominators, on first use
	closures map[Closure]map[*ir.Block]bool // reachability sets, once asked (Reached)
}

// A Loop is a natural loop.
type Loop struct {
	ID      int
	Header  *ir.Block
	Blocks  map[*ir.Block]bool
	Latches []*ir.Block // sources of the back edges
	Parent  *Loop
}

// Contains reports whether the loop contains block b.
func (l *Loop) Contains(b *ir.Block) bool { return l.Blocks[b] }

// Successors returns the targets of a block's terminator.
func Successors(b *ir.Block) []*ir.Block {
	switch t := b.Term.(type) {
	case *ir.TermBr:
		return []*ir.Block{AsBlock(t.Target)}
	case *ir.TermCondBr:
		// A constant condition (left by sccp where inlining made a
		// test constant, such as a memory order) takes one edge only.
		if c, ok := t.Cond.(*constant.Int); ok {
			if c.X.Sign() != 0 {
				return []*ir.Block{AsBlock(t.TargetTrue)}
			}
			return []*ir.Block{AsBlock(t.TargetFalse)}
		}
		return []*ir.Block{AsBlock(t.TargetTrue), AsBlock(t.TargetFalse)}
	case *ir.TermSwitch:
		succ := []*ir.Block{AsBlock(t.TargetDefault)}
		for _, c := range t.Cases {
			succ = append(succ, AsBlock(c.Target))
		}
		return succ
	case *ir.TermIndirectBr:
		// The front end's form of an invoke: on to either target.
		var succ []*ir.Block
		for _, target := range t.ValidTargets {
			succ = append(succ, AsBlock(target))
		}
		return succ
	}
	return nil
}

// AsBlock returns a branch target as a block.
func AsBlock(v value.Value) *ir.Block { return v.(*ir.Block) }

// NewGraph builds the graph of f.
func NewGraph(f *ir.Func) *Graph {
	g := &Graph{Order: map[*ir.Block]int{}, Succs: map[*ir.Block][]*ir.Block{},
		Preds: map[*ir.Block][]*ir.Block{}, LoopOf: map[*ir.Block]*Loop{}}
	g.dom = cfg.Dominators(f.Blocks[0], g.successors)
	g.Blocks = g.dom.Nodes()
	g.IDom = map[*ir.Block]*ir.Block{}
	g.Where = map[ir.Instruction]*ir.Block{}
	for i, b := range g.Blocks {
		g.Order[b] = i
		g.IDom[b], _ = g.dom.IDom(b)
		for _, s := range g.Succs[b] {
			g.Preds[s] = append(g.Preds[s], b)
		}
		for _, inst := range b.Insts {
			g.Where[inst] = b
		}
	}
	g.findLoops()
	return g
}

// successors returns the successors of b, recording them in g.Succs on
// first use.
func (g *Graph) successors(b *ir.Block) []*ir.Block {
	if s, ok := g.Succs[b]; ok {
		return s
	}
	s := Successors(b)
	g.Succs[b] = s
	return s
}

// Dominates reports whether a dominates b: every path from the entry to b
// passes through a. A block dominates itself.
func (g *Graph) Dominates(a, b *ir.Block) bool { return a == b || g.dom.Dominates(a, b) }

// IsBackEdge reports whether from -> to is a loop's back edge.
func (g *Graph) IsBackEdge(from, to *ir.Block) bool { return g.Dominates(to, from) }

// findLoops finds the natural loops, merging back edges to one header.
func (g *Graph) findLoops() {
	byHeader := map[*ir.Block]*Loop{}
	for _, b := range g.Blocks {
		for _, s := range g.Succs[b] {
			if !g.IsBackEdge(b, s) {
				continue
			}
			l := byHeader[s]
			if l == nil {
				l = &Loop{Header: s, Blocks: map[*ir.Block]bool{s: true}}
				byHeader[s] = l
				g.Loops = append(g.Loops, l)
			}
			l.Latches = append(l.Latches, b)
			g.addLoopBody(l, b)
		}
	}
	// In reverse postorder of their headers, outer loops come before the
	// loops they contain, so the last loop holding a block is its
	// innermost.
	sort.Slice(g.Loops, func(i, j int) bool {
		return g.Order[g.Loops[i].Header] < g.Order[g.Loops[j].Header]
	})
	for i, l := range g.Loops {
		l.ID = i + 1
		for _, outer := range g.Loops[:i] {
			if outer.Blocks[l.Header] && outer != l {
				l.Parent = outer
			}
		}
		for b := range l.Blocks {
			g.LoopOf[b] = l
		}
	}
}

// addLoopBody adds to l every block that reaches latch without passing
// the header.
func (g *Graph) addLoopBody(l *Loop, latch *ir.Block) {
	stack := []*ir.Block{latch}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if l.Blocks[b] {
			continue
		}
		l.Blocks[b] = true
		stack = append(stack, g.Preds[b]...)
	}
}

// Between returns the blocks on the ways from d to b, where d dominates
// b: those from which b can be reached without passing d. d is not among
// them, and b only if a loop leads from b back to it.
func (g *Graph) Between(d, b *ir.Block) []*ir.Block {
	seen := map[*ir.Block]bool{d: true}
	var out []*ir.Block
	stack := append([]*ir.Block(nil), g.Preds[b]...)
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[x] {
			continue
		}
		seen[x] = true
		out = append(out, x)
		stack = append(stack, g.Preds[x]...)
	}
	return out
}

// A Closure names a set of blocks Reached computes.
type Closure struct {
	From    *ir.Block
	Forward bool // along successors rather than predecessors
	Acyclic bool // without back edges
}

// Reached returns the blocks reached from c.From along successors (or
// predecessors), c.From included, without back edges if c.Acyclic;
// computed once.
func (g *Graph) Reached(c Closure) map[*ir.Block]bool {
	if set, ok := g.closures[c]; ok {
		return set
	}
	next := g.Preds
	if c.Forward {
		next = g.Succs
	}
	seen := map[*ir.Block]bool{c.From: true}
	stack := []*ir.Block{c.From}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, y := range next[x] {
			back := c.Forward && g.IsBackEdge(x, y) || !c.Forward && g.IsBackEdge(y, x)
			if !seen[y] && !(c.Acyclic && back) {
				seen[y] = true
				stack = append(stack, y)
			}
		}
	}
	if g.closures == nil {
		g.closures = map[Closure]map[*ir.Block]bool{}
	}
	g.closures[c] = seen
	return seen
}

// Leads reports whether a path of one or more edges leads from block
// from to block to (from to itself only round a cycle).
func (g *Graph) Leads(from, to *ir.Block) bool {
	for _, s := range g.Succs[from] {
		if g.Reached(Closure{From: s, Forward: true})[to] {
			return true
		}
	}
	return false
}

// LoopsOf returns the loops containing b, innermost first.
func (g *Graph) LoopsOf(b *ir.Block) []*Loop {
	var ls []*Loop
	for l := g.LoopOf[b]; l != nil; l = l.Parent {
		ls = append(ls, l)
	}
	return ls
}
