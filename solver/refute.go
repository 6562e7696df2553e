// This file refutes a query without Z3 where the bounds its own
// assertions give its variables leave a conjunct no value: a trial that
// fixes a grid of one block, asked for a race between blocks.

package solver

import (
	"slices"

	"hgrd/expr"
)

// refutedByBounds reports whether some top-level assertion is false
// wherever the unsigned bounds that the assertions give their variables
// (varBounds, carried through terms by tightness.upper) hold: then no
// model satisfies them all. It is a quick check, not a decision: false
// says nothing.
func refutedByBounds(assertions []*expr.Term) bool {
	n := newTightness(assertions)
	if n == nil {
		return false
	}
	return slices.ContainsFunc(assertions, n.falseByBounds)
}

// falseByBounds reports whether a boolean term is false wherever the
// bounds hold: a conjunction with such a conjunct, a disjunction of
// such terms, or a comparison the bounds decide. Those are x <u y and
// x != y with what they compare at most 0 (a block index below a grid
// of one block is 0), and x == c or c <=u x with x below the constant c.
func (n *tightness) falseByBounds(t *expr.Term) bool {
	if !t.IsBool() {
		return false
	}
	switch t.Op {
	case expr.OpConst:
		return t.Value == 0
	case expr.OpAnd:
		return slices.ContainsFunc(t.Args, n.falseByBounds)
	case expr.OpOr:
		return !slices.ContainsFunc(t.Args, func(a *expr.Term) bool { return !n.falseByBounds(a) })
	}
	if len(t.Args) != 2 || t.Args[0].IsBool() {
		return false
	}
	a, b := t.Args[0], t.Args[1]
	switch t.Op {
	case expr.OpULt:
		return n.upper(b) == 0
	case expr.OpNe:
		return n.upper(a) == 0 && n.upper(b) == 0
	case expr.OpEq:
		return n.below(a, b) || n.below(b, a)
	case expr.OpULe:
		return n.below(b, a)
	}
	return false
}

// below reports whether x's unsigned value is below the constant c
// wherever the bounds hold.
func (n *tightness) below(x, c *expr.Term) bool {
	return c.IsConst() && n.upper(x) < c.Value
}
