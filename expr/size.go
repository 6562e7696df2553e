// This file classifies facts by what they cost a solver: small
// comparisons, and among them the linear ones.

package expr

// maxSimpleTerms bounds the size of a simple fact.
const maxSimpleTerms = 256

// Simple reports whether a fact is a small comparison: no disjunction,
// implication or if-then-else (a path condition's), at most
// maxSimpleTerms distinct sub-terms.
func Simple(t *Term) bool {
	n := 0
	Inspect(t, func(u *Term) bool {
		n++
		if u.Op == OpOr || u.Op == OpImplies || u.Op == OpIte {
			n = maxSimpleTerms + 1
		}
		return n <= maxSimpleTerms
	})
	return n <= maxSimpleTerms
}

// Linear reports whether a fact is simple and multiplies, divides or
// shifts by constants only.
func Linear(t *Term) bool {
	if !Simple(t) {
		return false
	}
	ok := true
	Inspect(t, func(u *Term) bool {
		switch u.Op {
		case OpMul, OpUDiv, OpSDiv, OpURem, OpSRem, OpShl, OpLShr, OpAShr:
			ok = ok && (u.Args[0].IsConst() || u.Args[1].IsConst())
		}
		return ok
	})
	return ok
}

// Small reports whether a fact has at most n distinct sub-terms, whatever
// its operators.
func Small(t *Term, n int) bool {
	count := 0
	Inspect(t, func(*Term) bool {
		count++
		return count <= n
	})
	return count <= n
}
