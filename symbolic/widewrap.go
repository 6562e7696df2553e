// This file states the no-wrap promises (nsw, nuw) of operations wider
// than 32 bits, which cannot be computed in twice their width.

package symbolic

import (
	"github.com/llir/llvm/ir"

	"hgrd/expr"
)

// wideNoWrap states that a nsw (signed) or nuw (unsigned) operation on
// operands of more than 32 bits does not wrap, within the width: an
// addition or subtraction by the signs (or carries) of its operands and
// result; a multiplication or left shift by a constant by the range of
// the other operand. A product of two unknowns has no such condition
// short of a division, which the solver pays for in every query: it
// stays unstated, which only leaves more executions to consider.
//
// Without these, a 64-bit index (int64_t, size_t, a pointer difference)
// could wrap in a witness where C and C++ say it cannot: a grid-stride
// loop's bid*128 reached 2^64 and named another block's row.
func wideNoWrap(inst ir.Instruction, x, y *expr.Term, signed bool) *expr.Term {
	switch inst.(type) {
	case *ir.InstAdd:
		return addNoWrap(x, y, signed)
	case *ir.InstSub:
		return subNoWrap(x, y, signed)
	case *ir.InstMul:
		switch {
		case y.IsConst():
			return MulConstNoWrap(x, y.Value, signed)
		case x.IsConst():
			return MulConstNoWrap(y, x.Value, signed)
		}
	case *ir.InstShl:
		if y.IsConst() && y.Value < uint64(x.Width) {
			return MulConstNoWrap(x, 1<<y.Value, signed)
		}
	}
	return expr.True()
}

// addNoWrap states that x + y does not wrap: as signed numbers, operands
// of one sign give a result of that sign; as unsigned, the result is not
// below x.
func addNoWrap(x, y *expr.Term, signed bool) *expr.Term {
	r := expr.Add(x, y)
	if !signed {
		return expr.ULe(x, r)
	}
	zero := expr.Const(0, x.Width)
	neg := func(t *expr.Term) *expr.Term { return expr.SLt(t, zero) }
	return expr.Implies(expr.Eq(neg(x), neg(y)), expr.Eq(neg(r), neg(x)))
}

// subNoWrap states that x - y does not wrap: as signed numbers, operands
// of different signs give a result of x's sign; as unsigned, y is not
// above x.
func subNoWrap(x, y *expr.Term, signed bool) *expr.Term {
	if !signed {
		return expr.ULe(y, x)
	}
	zero := expr.Const(0, x.Width)
	neg := func(t *expr.Term) *expr.Term { return expr.SLt(t, zero) }
	return expr.Implies(expr.Ne(neg(x), neg(y)), expr.Eq(neg(expr.Sub(x, y)), neg(x)))
}

// MulConstNoWrap states that x * c, for a constant c of x's width, does
// not wrap: x lies in the range whose products with c are representable.
// A signed factor of 0 or 1 never wraps; nor does -1 but for the least
// value, which has no negation.
func MulConstNoWrap(x *expr.Term, c uint64, signed bool) *expr.Term {
	w := x.Width
	mask := expr.Mask(w)
	c &= mask
	if !signed {
		if c <= 1 {
			return expr.True()
		}
		return expr.ULe(x, expr.Const(mask/c, w))
	}
	minV := int64(-1) << (w - 1)
	maxV := ^minV
	sc := int64(c<<(64-w)) >> (64 - w) // c read as a signed number of w bits
	lo, hi := extendedRange(x)
	switch {
	case sc == 0 || sc == 1:
		return expr.True()
	case sc > 0 && minV/sc <= lo && hi <= maxV/sc:
		return expr.True() // a narrower value's range already fits
	case sc == -1:
		return expr.Ne(x, expr.Int(minV, w))
	case sc > 0:
		return expr.AllOf(expr.SLe(expr.Int(minV/sc, w), x), expr.SLe(x, expr.Int(maxV/sc, w)))
	}
	// c < -1: the product's range bounds x the other way round.
	return expr.AllOf(expr.SLe(expr.Int(maxV/sc, w), x), expr.SLe(x, expr.Int(minV/sc, w)))
}

// extendedRange returns the signed range of x's values that its form
// shows: that of the narrower value a zero or sign extension widens, or
// the whole of x's width.
func extendedRange(x *expr.Term) (lo, hi int64) {
	if x.Op != expr.OpZExt && x.Op != expr.OpSExt {
		return int64(-1) << (x.Width - 1), ^(int64(-1) << (x.Width - 1))
	}
	n := x.Args[0].Width
	if x.Op == expr.OpZExt {
		return 0, int64(expr.Mask(n))
	}
	return int64(-1) << (n - 1), ^(int64(-1) << (n - 1))
}
