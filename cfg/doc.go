// Package cfg holds the graph algorithms of control-flow graphs that do
// not depend on the IR: depth-first orders and dominator trees. A graph is
// given by a root node and a function returning a node's successors, so
// that one algorithm serves a function's graph from its entry
// (dominators) and its reversed graph from a virtual exit
// (post-dominators); package symbolic builds both for kernel and host
// code.
package cfg
