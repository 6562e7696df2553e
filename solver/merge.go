// This file merges the variables that a query equates, before it is
// encoded.

package solver

import (
	"maps"
	"slices"

	"hgrd/expr"
)

// mergedVariables returns q with each variable that its assertions
// equate to another variable (impliedConjuncts) replaced by one name for
// all the variables so equated: the least. Each renamed variable's
// equation to its name is asserted, so that models still give every
// variable its value;
// the query allows exactly what it allowed. A race within a block
// equates the two threads' block indices, and what each side computes
// from its own (a block's chunk, blockIdx.x * chunk) becomes one term,
// encoded once, so that the two sides' indices share it: their equation
// cancels it for the solver rather than asking it to prove that
// b1 * chunk = b2 * chunk when b1 = b2, a product of unknowns that the
// integers did not decide within 0.5M units on block_chunks_racy's
// intra-block query (2.8 s) and the bit-vectors within 2M. q is
// returned as is when it equates no two variables.
func mergedVariables(q *Query) *Query {
	vars, names := equatedVariables(q)
	if len(names) == 0 {
		return q
	}
	rename := func(v *expr.Term) *expr.Term { return names[v.Name] }
	out := &Query{Observe: q.Observe, Family: q.Family}
	for _, a := range q.Assertions {
		out.Assertions = append(out.Assertions, expr.Substitute(a, rename))
	}
	for _, name := range slices.Sorted(maps.Keys(names)) {
		out.Assertions = append(out.Assertions, expr.Eq(vars[name], names[name]))
	}
	return out
}

// equatedVariables returns, for each variable of q that its assertions
// equate to another (impliedConjuncts), the variable it is renamed to:
// the least name of its class of equated variables; and the variables
// so equated, by name.
func equatedVariables(q *Query) (vars, names map[string]*expr.Term) {
	parent := map[string]*expr.Term{}
	vars = map[string]*expr.Term{}
	var find func(v *expr.Term) *expr.Term
	find = func(v *expr.Term) *expr.Term {
		p, ok := parent[v.Name]
		if !ok || p.Name == v.Name {
			return v
		}
		root := find(p)
		parent[v.Name] = root
		return root
	}
	for _, a := range q.Assertions {
		for _, c := range impliedConjuncts(a) {
			if !variableEquation(c) {
				continue
			}
			vars[c.Args[0].Name], vars[c.Args[1].Name] = c.Args[0], c.Args[1]
			x, y := find(c.Args[0]), find(c.Args[1])
			if x.Name == y.Name {
				continue
			}
			if y.Name < x.Name {
				x, y = y, x
			}
			parent[x.Name] = x
			parent[y.Name] = x
		}
	}
	names = map[string]*expr.Term{}
	for name, p := range parent {
		if root := find(p); root.Name != name {
			names[name] = root
		}
	}
	return vars, names
}

// variableEquation reports whether c equates two distinct variables of
// one width.
func variableEquation(c *expr.Term) bool {
	if c.Op != expr.OpEq || len(c.Args) != 2 {
		return false
	}
	x, y := c.Args[0], c.Args[1]
	return x.Op == expr.OpVar && y.Op == expr.OpVar && x.Name != y.Name && x.Width == y.Width
}

// impliedConjuncts returns conjuncts that the assertion a implies: its
// own, and of a disjunction, those that every disjunct has (a race
// within a block or within a warp: the same block either way).
func impliedConjuncts(a *expr.Term) []*expr.Term {
	var out []*expr.Term
	for _, c := range expr.Conjuncts(a) {
		if c.Op != expr.OpOr || !c.IsBool() {
			out = append(out, c)
			continue
		}
		out = append(out, sharedConjuncts(c)...)
	}
	return out
}
