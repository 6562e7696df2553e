// This file defines dominator trees.

package cfg

// A Tree is the dominator tree of the nodes reachable from a root: a
// node d dominates n if every path from the root to n passes through d.
// Every node dominates itself.
type Tree[N comparable] struct {
	nodes []N       // reverse postorder; nodes[0] is the root
	index map[N]int // position in nodes
	idom  []int     // position of each node's immediate dominator; the root's is itself
}

// Dominators returns the dominator tree of the graph that succs gives,
// from root. It is the iterative algorithm of Cooper, Harvey and Kennedy
// ("A Simple, Fast Dominance Algorithm") over reverse postorder. For
// post-dominators, pass a virtual exit as root whose successors are the
// exiting nodes, and the predecessors of the others as their successors.
func Dominators[N comparable](root N, succs func(N) []N) *Tree[N] {
	t := &Tree[N]{nodes: ReversePostorder(root, succs), index: map[N]int{}}
	for i, n := range t.nodes {
		t.index[n] = i
	}
	preds := make([][]int, len(t.nodes))
	for i, n := range t.nodes {
		for _, s := range succs(n) {
			preds[t.index[s]] = append(preds[t.index[s]], i)
		}
	}
	t.idom = make([]int, len(t.nodes))
	for i := range t.idom {
		t.idom[i] = -1 // not yet known
	}
	t.idom[0] = 0
	for changed := true; changed; {
		changed = false
		for n := 1; n < len(t.nodes); n++ {
			d := -1
			for _, p := range preds[n] {
				switch {
				case t.idom[p] < 0:
				case d < 0:
					d = p
				default:
					d = t.intersect(p, d)
				}
			}
			if t.idom[n] != d {
				t.idom[n] = d
				changed = true
			}
		}
	}
	return t
}

// intersect returns the nearest common dominator of two nodes, by their
// positions, as far as the immediate dominators are known.
func (t *Tree[N]) intersect(a, b int) int {
	for a != b {
		for a > b {
			a = t.idom[a]
		}
		for b > a {
			b = t.idom[b]
		}
	}
	return a
}

// Nodes returns the nodes of the tree (those reachable from the root) in
// reverse postorder, the root first.
func (t *Tree[N]) Nodes() []N { return t.nodes }

// Contains reports whether n is reachable from the root.
func (t *Tree[N]) Contains(n N) bool {
	_, ok := t.index[n]
	return ok
}

// IDom returns the immediate dominator of n; ok is false for the root and
// for nodes not in the tree.
func (t *Tree[N]) IDom(n N) (d N, ok bool) {
	i, in := t.index[n]
	if !in || i == 0 {
		return d, false
	}
	return t.nodes[t.idom[i]], true
}

// Dominates reports whether a dominates b. It is false if either is not
// in the tree.
func (t *Tree[N]) Dominates(a, b N) bool {
	i, ok := t.index[a]
	j, ok2 := t.index[b]
	if !ok || !ok2 {
		return false
	}
	// A dominator comes before the nodes it dominates in reverse
	// postorder, so the walk up from b stops once it passes a.
	for j > i {
		j = t.idom[j]
	}
	return i == j
}
