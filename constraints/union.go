// This file defines the union of a pair's race queries: one query that is
// unsatisfiable exactly when every kind's query is, so that a race-free
// pair costs one solver call instead of one per kind.

package constraints

import "hgrd/expr"

// Union returns a query satisfiable exactly when one of qs is: their
// common assertions, and the disjunction of the conjunctions of each
// one's own. It is nil for fewer than two queries. The queries must be of
// one pair of accesses (same offsets): Union is a filter, its witness is
// not a race of any one kind, and its Kind is none. The pair's values
// are the same in every kind's query, and so are the union's.
func Union(qs []*Query) *Query {
	if len(qs) < 2 {
		return nil
	}
	var distinct expr.Interner
	keys := make([][]*expr.Term, len(qs)) // each assertion's representative, its identity
	counts := map[*expr.Term]int{}
	for i, q := range qs {
		seen := map[*expr.Term]bool{}
		for _, a := range q.Assertions {
			r := distinct.Intern(a)
			keys[i] = append(keys[i], r)
			if !seen[r] {
				seen[r] = true
				counts[r]++
			}
		}
	}
	u := &Query{Union: true, First: qs[0].First, Second: qs[0].Second, Offset1: qs[0].Offset1, Offset2: qs[0].Offset2,
		DifferentValues: qs[0].DifferentValues, ValuesMustDiffer: qs[0].ValuesMustDiffer,
		size1: qs[0].size1, size2: qs[0].size2, sides: qs[0].sides}
	var alternatives []*expr.Term
	for i, q := range qs {
		var own []*expr.Term
		for j, a := range q.Assertions {
			if counts[keys[i][j]] == len(qs) {
				if i == 0 {
					u.Assertions = append(u.Assertions, a)
					if a == q.overlap {
						u.overlap = a
					}
				}
				continue
			}
			own = append(own, a)
		}
		alternatives = append(alternatives, expr.AllOf(own...))
	}
	u.Assertions = append(u.Assertions, expr.AnyOf(alternatives...))
	return u
}
