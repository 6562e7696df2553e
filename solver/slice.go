// This file defines how a query is sliced into independent parts:
// assertions that share no variable and no function with the race it
// asks about are decided apart, so that the race's part, asked again
// under other names, is answered once.

package solver

import "hgrd/expr"

// independentParts divides q into two queries that share no variable
// and no function, or returns rest nil if it cannot: race, the part of
// the observed terms (a race query's offsets), made of every assertion
// that shares a variable or an uninterpreted function with them,
// directly or through other assertions; and rest, the others. A query
// without observed terms (a premise's) is divided the same way around
// its largest set of connected assertions.
//
// A conjunction of two queries that share nothing is satisfiable exactly
// when both are, and the union of their models is a model of it. The
// rest left out changes the shape of the race's part: the
// instantiations of a template kernel launched from one host function
// ask the same race question under path conditions that differ in a
// constant (bitpacking's dispatch on its input type: inType != 0,
// inType != 1), and only the part without them is asked again under
// other names (see remembered).
func independentParts(q *Query) (race, rest *Query) {
	if len(q.Assertions) < 2 {
		return q, nil
	}
	sets := newPartition()
	roots := make([]int, len(q.Assertions))
	for i, a := range q.Assertions {
		if roots[i] = sets.join(a); roots[i] < 0 {
			roots[i] = sets.single()
		}
	}
	observed := make([]int, len(q.Observe))
	for i, o := range q.Observe {
		observed[i] = sets.join(o)
	}
	main := mainSet(q, sets, roots, observed)
	race, rest = &Query{Family: q.Family.Part("race")}, &Query{Family: q.Family.Part("rest")}
	for i, a := range q.Assertions {
		if sets.find(roots[i]) == main {
			race.Assertions = append(race.Assertions, a)
		} else {
			rest.Assertions = append(rest.Assertions, a)
		}
	}
	if len(rest.Assertions) == 0 {
		return q, nil
	}
	for i, o := range q.Observe {
		if observed[i] >= 0 && sets.find(observed[i]) == main {
			race.Observe = append(race.Observe, o)
		} else {
			rest.Observe = append(rest.Observe, o)
		}
	}
	return race, rest
}

// mainSet returns the set of the assertions that the first observed term
// that shares leaves with them bears on, or if there is none the set of
// the largest assertions.
func mainSet(q *Query, sets *partition, roots, observed []int) int {
	size := map[int]int{}
	for i, a := range q.Assertions {
		size[sets.find(roots[i])] += termNodes(a)
	}
	for _, leaf := range observed {
		if leaf >= 0 && size[sets.find(leaf)] > 0 {
			return sets.find(leaf)
		}
	}
	main := sets.find(roots[0])
	for i := range q.Assertions {
		if r := sets.find(roots[i]); size[r] > size[main] {
			main = r
		}
	}
	return main
}

// termNodes returns the number of distinct nodes of a term.
func termNodes(t *expr.Term) int {
	n := 0
	expr.Inspect(t, func(*expr.Term) bool { n++; return true })
	return n
}

// A partition is a union-find over the leaves of terms: variables and
// functions, by name.
type partition struct {
	index  map[string]int
	parent []int
	// rep holds a term's representative leaf, -1 if it has none: each
	// node is walked once, however many terms share it.
	rep map[*expr.Term]int
}

func newPartition() *partition {
	return &partition{index: map[string]int{}, rep: map[*expr.Term]int{}}
}

// join unites the leaves of t and returns one of them, or -1 if t has
// none (a constant term).
func (p *partition) join(t *expr.Term) int {
	if r, ok := p.rep[t]; ok {
		return r
	}
	r := -1
	switch t.Op {
	case expr.OpVar:
		r = p.leaf("v " + t.Name)
	case expr.OpApply:
		r = p.leaf("f " + t.Name)
	}
	for _, arg := range t.Args {
		switch a := p.join(arg); {
		case a < 0:
		case r < 0:
			r = a
		default:
			p.union(r, a)
		}
	}
	p.rep[t] = r
	return r
}

// single returns a new set of its own, for an assertion without leaves.
func (p *partition) single() int {
	i := len(p.parent)
	p.parent = append(p.parent, i)
	return i
}

// leaf returns the number of a leaf, numbering it if it is new.
func (p *partition) leaf(key string) int {
	if i, ok := p.index[key]; ok {
		return i
	}
	i := p.single()
	p.index[key] = i
	return i
}

// find returns the representative of i's set.
func (p *partition) find(i int) int {
	for p.parent[i] != i {
		p.parent[i] = p.parent[p.parent[i]]
		i = p.parent[i]
	}
	return i
}

// union merges the sets of i and j.
func (p *partition) union(i, j int) {
	if ri, rj := p.find(i), p.find(j); ri != rj {
		p.parent[rj] = ri
	}
}
