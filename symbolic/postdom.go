// This file defines post-dominance: which blocks lie on every path from a
// block to the function's return.

package symbolic

import "github.com/llir/llvm/ir"

// PostDominates reports whether every path from b that returns from the
// function passes through a. Paths that end in `unreachable` (a failed
// assert, a trap) abort the whole launch and are not counted; a block
// from which no path returns is post-dominated by nothing.
func (g *Graph) PostDominates(a, b *ir.Block) bool {
	if g.ipdom == nil {
		g.computePostDominators()
	}
	if _, ok := g.ipdom[b]; !ok {
		return false
	}
	for ; b != nil; b = g.ipdom[b] {
		if a == b {
			return true
		}
	}
	return false
}

// computePostDominators runs the algorithm of Cooper, Harvey and Kennedy
// on the reversed graph, from a virtual exit whose predecessors are the
// returning blocks. The virtual exit is nil in the result.
func (g *Graph) computePostDominators() {
	var returning []*ir.Block
	for _, b := range g.Blocks {
		if _, ok := b.Term.(*ir.TermRet); ok {
			returning = append(returning, b)
		}
	}
	// Reverse postorder of the reversed graph.
	var post []*ir.Block
	seen := map[*ir.Block]bool{}
	var visit func(b *ir.Block)
	visit = func(b *ir.Block) {
		seen[b] = true
		for _, p := range g.Preds[b] {
			if !seen[p] {
				visit(p)
			}
		}
		post = append(post, b)
	}
	for _, r := range returning {
		if !seen[r] {
			visit(r)
		}
	}
	order := map[*ir.Block]int{}
	rpo := make([]*ir.Block, 0, len(post))
	for i := len(post) - 1; i >= 0; i-- {
		order[post[i]] = len(rpo) + 1 // the virtual exit is 0
		rpo = append(rpo, post[i])
	}
	ipdom := map[*ir.Block]*ir.Block{}
	isReturning := map[*ir.Block]bool{}
	for _, r := range returning {
		isReturning[r] = true
	}
	defined := func(b *ir.Block) bool { _, ok := ipdom[b]; return ok }
	intersect := func(a, b *ir.Block) *ir.Block {
		for a != b {
			for a != nil && (b == nil || order[a] > order[b]) {
				a = ipdom[a]
			}
			for b != nil && (a == nil || order[b] > order[a]) {
				b = ipdom[b]
			}
		}
		return a
	}
	for changed := true; changed; {
		changed = false
		for _, b := range rpo {
			var d *ir.Block
			found := false
			if isReturning[b] {
				d, found = nil, true
			}
			for _, s := range g.Succs[b] {
				if !defined(s) {
					continue
				}
				if !found {
					d, found = s, true
				} else {
					d = intersect(s, d)
				}
			}
			if !found {
				continue
			}
			if old, ok := ipdom[b]; !ok || old != d {
				ipdom[b] = d
				changed = true
			}
		}
	}
	g.ipdom = ipdom
}
