// This file reads sums as row-major indices whose row gathers several
// products with a common factor, for the lemmas of lemmas.go.

package constraints

import "hgrd/expr"

// groupedRadices returns the readings of 32-bit sums in t as x*n + y
// where n is a non-constant factor of two or more of the sum's products
// and x is the sum of their other factors: ll*(nz+1)*(nx+1) +
// k*(nx+1) + i, a plane ll of rows of nx+1 elements, is
// (ll*(nz+1) + k)*(nx+1) + i, where reading one product at a time
// (sumRadices) leaves k*(nx+1) in the column. On miniWeather's kernels
// the solver then decided in 0.15M units an overlap query it had not
// decided in 10M.
func groupedRadices(t *expr.Term) []radix { return sumReadings(t, sumGroups) }

// sumGroups reads a flattened sum as x*n + y for each non-constant
// factor n that two or more of its products have.
func sumGroups(terms []*expr.Term) []radix {
	var out []radix
	var seen []*expr.Term
	for _, m := range terms {
		if m.Op != expr.OpMul {
			continue
		}
		for _, n := range m.Args {
			if n.IsConst() || containsTerm(seen, n) {
				continue
			}
			seen = append(seen, n)
			if r, ok := groupBy(terms, n); ok {
				out = append(out, r)
			}
		}
	}
	return out
}

// groupBy reads a flattened sum as x*n + y, x the sum of the cofactors
// of n in the products that have it: ok only if two or more do.
//
// Two cofactors are summed in 64 bits, where their sum is exact and x*n
// + y with y in [0, n) cannot wrap: the solver then reads x*n as the
// products of the index (with the sum in 32 bits, the integer encoding
// reads it through a choice between the sum and the sum less 2^32,
// which left miniWeather's query undecided after 1M units; 0.15M units
// with the sum). More are summed in 32 bits, whose sum may wrap but
// keeps the lemma a theorem.
func groupBy(terms []*expr.Term, n *expr.Term) (radix, bool) {
	var y *expr.Term
	var rows []*expr.Term
	for _, t := range terms {
		if c := cofactor(t, n); c != nil {
			rows = append(rows, c)
			continue
		}
		y = addTo(y, t)
	}
	if len(rows) < 2 {
		return radix{}, false
	}
	if y == nil {
		y = expr.Const(0, n.Width)
	}
	var x *expr.Term
	for _, c := range rows {
		if len(rows) == 2 {
			c = expr.SExt(c, 64)
		}
		x = addTo(x, c)
	}
	return radix{x: x, n: n, y: y, rows: rows}, true
}

// cofactor returns c if t is c*n or n*c, else nil.
func cofactor(t, n *expr.Term) *expr.Term {
	if t.Op != expr.OpMul {
		return nil
	}
	switch {
	case expr.Equal(t.Args[1], n):
		return t.Args[0]
	case expr.Equal(t.Args[0], n):
		return t.Args[1]
	}
	return nil
}

// addTo returns sum + t, or t if sum is nil.
func addTo(sum, t *expr.Term) *expr.Term {
	if sum == nil {
		return t
	}
	return expr.Add(sum, t)
}

// containsTerm reports whether ts holds a term equal to t.
func containsTerm(ts []*expr.Term, t *expr.Term) bool {
	for _, u := range ts {
		if expr.Equal(u, t) {
			return true
		}
	}
	return false
}
