// This file defines post-dominance: which blocks lie on every path from a
// block to the function's return.

package symbolic

import (
	"github.com/llir/llvm/ir"

	"hgrd/cfg"
)

// PostDominates reports whether every path from b that returns from the
// function passes through a. Paths that end in `unreachable` (a failed
// assert, a trap) abort the whole launch and are not counted; a block
// from which no path returns is post-dominated by nothing.
func (g *Graph) PostDominates(a, b *ir.Block) bool {
	if g.postDom == nil {
		g.postDom = cfg.Dominators(nil, g.reversedSuccessors())
	}
	return g.postDom.Dominates(a, b)
}

// reversedSuccessors returns the successors of the reversed graph: a
// block's predecessors, and for the virtual exit (nil) the returning
// blocks.
func (g *Graph) reversedSuccessors() func(*ir.Block) []*ir.Block {
	var returning []*ir.Block
	for _, b := range g.Blocks {
		if _, ok := b.Term.(*ir.TermRet); ok {
			returning = append(returning, b)
		}
	}
	return func(b *ir.Block) []*ir.Block {
		if b == nil {
			return returning
		}
		return g.Preds[b]
	}
}
