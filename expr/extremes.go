// This file reads comparisons with a minimum or a maximum as the
// comparisons with both of its operands that they are.

package expr

// ExtremeBounds returns the comparisons without if-then-else that a
// comparison c with a minimum or a maximum states: x < min(a, b) is
// x < a and x < b, and max(a, b) <= x is a <= x and b <= x, of each
// operand again if it is itself a minimum (maximum). A minimum is
// ite(a < b, a, b) (or <=, or ite(b < a, b, a)), in the order of the
// comparison c makes: a signed minimum bounds signed comparisons only.
// Other comparisons with an extreme state a disjunction, and give none.
//
// Loop bounds are written so: for (i = begin + threadIdx.x; i < min(begin
// + chunk, n); ...). The comparison is an if-then-else, which facts kept
// small (Simple) leave out, and without i < begin + chunk a thread's index
// cannot be proven to stay within its chunk.
func ExtremeBounds(c *Term) []*Term {
	lhs, rhs, op, ok := upperBound(c)
	if !ok {
		return nil
	}
	var out []*Term
	if below := operands(rhs, op, true); len(below) > 1 {
		for _, m := range below {
			out = append(out, compare(op, lhs, m))
		}
	}
	if above := operands(lhs, op, false); len(above) > 1 {
		for _, m := range above {
			out = append(out, compare(op, m, rhs))
		}
	}
	return out
}

// operands returns the operands of m if it is a minimum (least set) or
// a maximum in op's order, those of each operand that is one again, or
// m alone if it is not.
func operands(m *Term, op Op, least bool) []*Term {
	a, b, ok := extreme(m, op, least)
	if !ok {
		return []*Term{m}
	}
	return append(operands(a, op, least), operands(b, op, least)...)
}

// upperBound reads c as lhs op rhs with op a comparison that orders its
// operands (strictly or not, signed or unsigned): a < b, or !(b <= a).
func upperBound(c *Term) (lhs, rhs *Term, op Op, ok bool) {
	negated := c.Op == OpNot
	if negated {
		c = c.Args[0]
	}
	if _, ok := signedOrder(c.Op); !ok {
		return nil, nil, 0, false
	}
	if !negated {
		return c.Args[0], c.Args[1], c.Op, true
	}
	return c.Args[1], c.Args[0], negatedOrder[c.Op], true
}

// negatedOrder gives, for each order, the order of its negation with its
// operands swapped: !(a < b) is b <= a, and !(a <= b) is b < a.
var negatedOrder = map[Op]Op{OpSLt: OpSLe, OpSLe: OpSLt, OpULt: OpULe, OpULe: OpULt}

// signedOrder reports whether op orders signed or unsigned values, and
// whether it is an order (<, <=) at all.
func signedOrder(op Op) (signed, ok bool) {
	switch op {
	case OpSLt, OpSLe:
		return true, true
	case OpULt, OpULe:
		return false, true
	}
	return false, false
}

// extreme reads m as the minimum (least set) or the maximum of two
// operands in the order of the comparison op: ite(a < b, a, b) or
// ite(a <= b, a, b) for a minimum, with the branches swapped for a
// maximum.
func extreme(m *Term, op Op, least bool) (a, b *Term, ok bool) {
	if m.Op != OpIte {
		return nil, nil, false
	}
	cond, x, y := comparisonOf(m.Args[0]), m.Args[1], m.Args[2]
	if cond == nil {
		return nil, nil, false
	}
	signed, isOrder := signedOrder(cond.Op)
	if want, _ := signedOrder(op); !isOrder || signed != want {
		return nil, nil, false
	}
	p, q := cond.Args[0], cond.Args[1]
	// cond is p < q: x = p, y = q picks the smaller; x = q, y = p the
	// larger.
	switch {
	case Equal(x, p) && Equal(y, q):
		return x, y, least
	case Equal(x, q) && Equal(y, p):
		return x, y, !least
	}
	return nil, nil, false
}

// comparisonOf returns the one conjunct of cond that is not a tautology
// c || !c, or nil if there is not exactly one: a select that the IR
// computes with a branch has the branch's path condition as its
// condition, (c || !c) && (a < b) for a path that joined before it.
func comparisonOf(cond *Term) *Term {
	var found *Term
	for _, c := range Conjuncts(cond) {
		if tautology(c) {
			continue
		}
		if found != nil {
			return nil
		}
		found = c
	}
	return found
}

// tautology reports whether t is c || !c.
func tautology(t *Term) bool {
	if t.Op != OpOr || len(t.Args) != 2 {
		return false
	}
	a, b := t.Args[0], t.Args[1]
	return a.Op == OpNot && Equal(a.Args[0], b) || b.Op == OpNot && Equal(b.Args[0], a)
}
