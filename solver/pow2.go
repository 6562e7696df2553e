// This file rewrites products, quotients and remainders by powers of two
// into shifts and masks before a query is encoded.

package solver

import "hgrd/expr"

// shiftedPowers returns q with every product, quotient and remainder by
// a power of two 1 << s rewritten into shifts and masks, exactly, for
// every s: a sub-term of that form, or a variable that a top-level
// assertion equates to one (seq_len == 1 << (stage + 1), the stride of
// a host loop that doubles it). A kernel that takes a bitonic sequence
// i / seq_len, or a scan's offset*(2*thid + 1) - 1 with offset = 1 << k,
// multiplies or divides by an unknown: non-linear for the integers and a
// divider circuit for the bit-vectors, which neither decided within the
// budget on hecbench-dev's bitonic-sort; as shifts by an unknown amount
// bit-blasting decides them at once. q is returned as is when it has
// none.
func shiftedPowers(q *Query) *Query {
	powers := definedPowers(q)
	exponent := func(t *expr.Term) *expr.Term {
		if s := powerExponent(t); s != nil {
			return s
		}
		if t.Op == expr.OpVar {
			return powers[t.Name]
		}
		return nil
	}
	changed := false
	rewrite := func(t *expr.Term) *expr.Term {
		if r := shifted(t, exponent); r != nil {
			changed = true
			return r
		}
		return nil
	}
	// The definitions themselves stay: the rewrite leaves equations
	// alone.
	out := q.mapTerms(func(t *expr.Term) *expr.Term { return expr.Rewrite(t, rewrite) })
	if !changed {
		return q
	}
	return out
}

// definedPowers returns the variables that top-level assertions of q
// equate to a power of two 1 << s, with their exponents s.
func definedPowers(q *Query) map[string]*expr.Term {
	powers := map[string]*expr.Term{}
	for _, a := range q.Assertions {
		for _, c := range expr.Conjuncts(a) {
			if d, ok := definition(c); ok {
				powers[d.v.Name] = d.exponent
			}
		}
	}
	return powers
}

// A powerDefinition is an assertion v == 1 << exponent.
type powerDefinition struct {
	v, exponent *expr.Term
}

// definition reads an assertion as v == 1 << s (either way round).
func definition(a *expr.Term) (powerDefinition, bool) {
	if a.Op != expr.OpEq {
		return powerDefinition{}, false
	}
	for i, v := range a.Args {
		if s := powerExponent(a.Args[1-i]); v.Op == expr.OpVar && s != nil {
			return powerDefinition{v, s}, true
		}
	}
	return powerDefinition{}, false
}

// powerExponent returns s if t is 1 << s, else nil.
func powerExponent(t *expr.Term) *expr.Term {
	if t.Op == expr.OpShl && t.Args[0].IsConst() && t.Args[0].Value == 1 {
		return t.Args[1]
	}
	return nil
}

// shifted returns t, a product, quotient or remainder by a power of two
// (exponent gives the power's exponent, or nil), as shifts and masks
// with the same value for every exponent, including those at or past
// the width, where 1 << s is 0 and division by 0 means what SMT-LIB
// says (expr.Eval's semantics); nil for any other term.
func shifted(t *expr.Term, exponent func(*expr.Term) *expr.Term) *expr.Term {
	if t.IsBool() || len(t.Args) != 2 {
		return nil
	}
	x, d := t.Args[0], t.Args[1]
	s := exponent(d)
	if t.Op == expr.OpMul && s == nil {
		x, d = d, x
		s = exponent(d)
	}
	if s == nil {
		return widenedShifted(t, exponent)
	}
	w := t.Width
	c := func(v uint64) *expr.Term { return expr.Const(v, w) }
	power := expr.Shl(c(1), s) // d's value
	inRange := expr.ULt(s, c(uint64(w)))
	switch t.Op {
	case expr.OpMul:
		return expr.Shl(x, s)
	case expr.OpUDiv:
		return expr.Ite(inRange, expr.LShr(x, s), c(expr.Mask(w)))
	case expr.OpURem:
		return expr.And(x, expr.Sub(power, c(1)))
	case expr.OpSDiv:
		return signedQuotient(x, s)
	case expr.OpSRem:
		return signedRemainder(x, s, power)
	}
	return nil
}

// signedQuotient returns x sdiv (1 << s): rounded toward zero, a shift
// of x's magnitude while 1 << s is positive (s < w-1); for s = w-1 the
// divisor is the least value, which only x itself divides into 1; past
// the width the divisor is 0 (-1 for x >= 0, 1 below).
func signedQuotient(x, s *expr.Term) *expr.Term {
	w := x.Width
	c := func(v uint64) *expr.Term { return expr.Const(v, w) }
	zero, minV := c(0), c(1<<(w-1))
	neg := func(t *expr.Term) *expr.Term { return expr.Sub(zero, t) }
	negative := expr.SLt(x, zero)
	positive := expr.Ite(negative, neg(expr.LShr(neg(x), s)), expr.LShr(x, s))
	atMin := expr.Ite(expr.Eq(x, minV), c(1), zero)
	byZero := expr.Ite(negative, c(1), c(expr.Mask(w)))
	return expr.Ite(expr.ULt(s, c(uint64(w-1))), positive, expr.Ite(expr.Eq(s, c(uint64(w-1))), atMin, byZero))
}

// signedRemainder returns x srem (1 << s): the sign of x and the low s
// bits of its magnitude while 1 << s is positive; for s = w-1, x unless
// x is the least value; past the width (a zero divisor), x.
func signedRemainder(x, s, power *expr.Term) *expr.Term {
	w := x.Width
	c := func(v uint64) *expr.Term { return expr.Const(v, w) }
	zero, minV := c(0), c(1<<(w-1))
	neg := func(t *expr.Term) *expr.Term { return expr.Sub(zero, t) }
	low := expr.Sub(power, c(1))
	positive := expr.Ite(expr.SLt(x, zero), neg(expr.And(neg(x), low)), expr.And(x, low))
	atMin := expr.Ite(expr.Eq(x, minV), zero, x)
	return expr.Ite(expr.ULt(s, c(uint64(w-1))), positive, expr.Ite(expr.Eq(s, c(uint64(w-1))), atMin, x))
}

// widenedShifted returns t, a product x * ext(v) of a widened power of
// two v = 1 << s (the 64-bit no-wrap conditions of a 32-bit product
// multiply sign extensions), as a shift, exactly: the extension is
// 1 << s of the wider width while s is below v's width (less one if
// sign-extended), -(1 << s) for the sign bit sign-extended, and 0
// beyond. nil for any other term.
func widenedShifted(t *expr.Term, exponent func(*expr.Term) *expr.Term) *expr.Term {
	if t.Op != expr.OpMul {
		return nil
	}
	for i, e := range t.Args {
		if e.Op != expr.OpSExt && e.Op != expr.OpZExt {
			continue
		}
		s := exponent(e.Args[0])
		if s == nil {
			continue
		}
		x, narrow := t.Args[1-i], uint64(e.Args[0].Width)
		c := func(v uint64) *expr.Term { return expr.Const(v, s.Width) }
		zero := expr.Const(0, t.Width)
		shifted := expr.Shl(x, expr.ZExt(s, t.Width))
		if e.Op == expr.OpZExt {
			return expr.Ite(expr.ULt(s, c(narrow)), shifted, zero)
		}
		sign := expr.Ite(expr.Eq(s, c(narrow-1)), expr.Sub(zero, shifted), zero)
		return expr.Ite(expr.ULt(s, c(narrow-1)), shifted, sign)
	}
	return nil
}
