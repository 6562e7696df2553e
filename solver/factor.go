// This file factors a query's assertions before it is sliced: what every
// disjunct of a disjunction shares is asserted once, outside it, and the
// premises of an implication that the query asserts anyway are dropped.

package solver

import (
	"slices"

	"hgrd/expr"
)

// factoredDisjunctions returns q, equivalent, with its assertions split
// into conjuncts and
//   - each disjunction among them rewritten as the conjuncts that all its
//     disjuncts share and the disjunction of what remains of each: (A and
//     B) or (A and C) as A and (B or C), and (A and B) or (A and !B) as A;
//   - each implication P => F whose premise's conjuncts are all asserted
//     rewritten as F (or as what remains of P => F).
//
// Its parts then fall apart where only the shared conjuncts joined them
// (independentParts). The paths of a kernel's two accesses, one through
// a branch on the thread and one around it, share the test of a
// grid-stride loop over blocks (bid < nblocks, bid advanced by a gridDim
// that a host value sizes), and each fact that an access's index does
// not wrap is stated under its path (P => no wrap); as written, both
// joined the race's indices to the host's unknowns, whose trials and
// bit-vectors then decided every one of scan's pairs.
// q is returned as is when nothing changes, or when a term is malformed
// (a nil operand), for the attempts to report.
func factoredDisjunctions(q *Query) (factored *Query) {
	defer func() {
		if recover() != nil {
			factored = q
		}
	}()
	var conjuncts []*expr.Term
	changed := false
	for _, a := range q.Assertions {
		for _, c := range expr.Conjuncts(a) {
			common, rest, ok := factorOut(c)
			if !ok {
				conjuncts = append(conjuncts, c)
				continue
			}
			changed = true
			conjuncts = append(conjuncts, common...)
			if !rest.IsTrue() {
				conjuncts = append(conjuncts, rest)
			}
		}
	}
	var asserted expr.Interner
	known := map[*expr.Term]bool{}
	for _, c := range conjuncts {
		known[asserted.Intern(c)] = true
	}
	for i, c := range conjuncts {
		if c.Op != expr.OpImplies {
			continue
		}
		premises := slices.DeleteFunc(expr.Conjuncts(c.Args[0]), func(p *expr.Term) bool {
			return known[asserted.Intern(p)]
		})
		if len(premises) < len(expr.Conjuncts(c.Args[0])) {
			conjuncts[i] = expr.Implies(expr.AllOf(premises...), c.Args[1])
			changed = true
		}
	}
	if !changed {
		return q
	}
	return &Query{Assertions: conjuncts, Observe: q.Observe, Family: q.Family}
}

// factorOut returns, for a disjunction c whose disjuncts share
// conjuncts, those conjuncts and the disjunction of each disjunct's
// others.
func factorOut(c *expr.Term) (common []*expr.Term, rest *expr.Term, ok bool) {
	common = sharedConjuncts(c)
	if len(common) == 0 {
		return nil, nil, false
	}
	var rests []*expr.Term
	for _, d := range c.Args {
		others := slices.DeleteFunc(expr.Conjuncts(d), func(t *expr.Term) bool {
			return slices.ContainsFunc(common, func(u *expr.Term) bool { return expr.Equal(t, u) })
		})
		rests = append(rests, expr.AllOf(others...))
	}
	if complementary(rests) {
		return common, expr.True(), true
	}
	return common, expr.AnyOf(rests...), true
}

// complementary reports whether two of the disjuncts are each other's
// negation, so that their disjunction holds: the paths of a branch, (A
// and S) or (!A and S), leave A or !A once S is factored out.
func complementary(disjuncts []*expr.Term) bool {
	for _, d := range disjuncts {
		if d.Op != expr.OpNot {
			continue
		}
		if slices.ContainsFunc(disjuncts, func(e *expr.Term) bool { return expr.Equal(e, d.Args[0]) }) {
			return true
		}
	}
	return false
}

// sharedConjuncts returns the conjuncts that every disjunct of c has, if
// c is a disjunction.
func sharedConjuncts(c *expr.Term) []*expr.Term {
	if c.Op != expr.OpOr || !c.IsBool() {
		return nil
	}
	common := expr.Conjuncts(c.Args[0])
	for _, d := range c.Args[1:] {
		conjuncts := expr.Conjuncts(d)
		common = slices.DeleteFunc(slices.Clone(common), func(t *expr.Term) bool {
			return !slices.ContainsFunc(conjuncts, func(u *expr.Term) bool { return expr.Equal(t, u) })
		})
	}
	return common
}
