// This file defines the terms of LLVM's bit-counting intrinsics: the
// population count and the counts of trailing and leading zeros.

package symbolic

import (
	"github.com/llir/llvm/ir/value"

	"hgrd/expr"
)

// maxCountedBits bounds the width of the values whose bits are counted
// in terms: wider ones get an unknown.
const maxCountedBits = 64

// bitCount returns the term of llvm.ctpop (op "ctpop": the number of set
// bits), llvm.cttz ("cttz": of zeros below the lowest set bit) or
// llvm.ctlz ("ctlz": above the highest), of width w: a warp's
// __popc(mask) and __ffs(mask) - 1. Counts of zeros give the width for 0
// (where LLVM may promise 0 never comes, the width is one value it may
// take).
//
// Population counts, ranks (the population count of a mask's bits below
// a lane) and counts of trailing zeros are applications of PopCountFunc,
// RankFunc and TrailingZerosFunc, which PopCount and TrailingZeros
// define; counts of leading zeros are exact terms.
func (e *Evaluator) bitCount(v value.Value, op string, arg value.Value, w int) *expr.Term {
	x := e.Term(arg)
	if x.IsBool() || w <= 0 || x.Width != w || w > maxCountedBits || w&(w-1) != 0 {
		return e.Fresh(v, "v", w)
	}
	switch op {
	case "ctpop":
		if m, l, ok := belowLane(x); ok {
			return expr.Apply(RankFunc, w, m, l)
		}
		return expr.Apply(PopCountFunc, w, x)
	case "cttz":
		return expr.Apply(TrailingZerosFunc, w, x)
	case "ctlz":
		count := expr.Const(uint64(w), w)
		for i := 0; i < w; i++ {
			bit := expr.Bit(x, expr.Const(uint64(i), w))
			count = expr.Ite(expr.Ne(bit, expr.Const(0, w)), expr.Const(uint64(w-1-i), w), count)
		}
		return count
	}
	return e.Fresh(v, "v", w)
}

// PopCountFunc and TrailingZerosFunc name the functions of the
// population count and the count of trailing zeros of a value: their terms
// are applications, which package constraints bounds and defines exactly
// for witnesses (ranks.go), so that queries that need only their bounds
// do not blast their bits.
const (
	PopCountFunc      = "popc"
	TrailingZerosFunc = "ctz"
)

// TrailingZeros returns the number of zeros below the lowest set bit of
// x, its width if x is 0: the population count of (x & -x) - 1.
func TrailingZeros(x *expr.Term) *expr.Term {
	w := x.Width
	lowest := expr.And(x, expr.Sub(expr.Const(0, w), x))
	return PopCount(expr.Sub(lowest, expr.Const(1, w)))
}

// RankFunc names the function of a lane's rank among the set bits of a
// mask, __popc(mask & ((1u << lane) - 1)): its terms are an application
// of it to the mask and the lane, which package constraints relates to
// the ranks of other lanes and defines exactly for witnesses (ranks.go).
// The rank of a warp's lane among the lanes of a ballot is how
// warp-aggregated atomics give each lane its slot.
const RankFunc = "rank"

// belowLane reads x as m & ((1 << l) - 1), the bits of m below bit l.
func belowLane(x *expr.Term) (m, l *expr.Term, ok bool) {
	if x.Op != expr.OpAnd {
		return nil, nil, false
	}
	for _, p := range [][2]*expr.Term{{x.Args[0], x.Args[1]}, {x.Args[1], x.Args[0]}} {
		if l, ok := lowBits(p[1]); ok {
			return p[0], l, true
		}
	}
	return nil, nil, false
}

// lowBits reads t as (1 << l) - 1 (or + -1).
func lowBits(t *expr.Term) (*expr.Term, bool) {
	w := t.Width
	minusOne := t.Op == expr.OpSub && t.Args[1].IsConst() && t.Args[1].Value == 1 ||
		t.Op == expr.OpAdd && t.Args[1].IsConst() && t.Args[1].Value == expr.Mask(w)
	if !minusOne {
		return nil, false
	}
	s := t.Args[0]
	if s.Op != expr.OpShl || !s.Args[0].IsConst() || s.Args[0].Value != 1 {
		return nil, false
	}
	return s.Args[1], true
}

// PopCount returns the number of set bits of x, whose width is a power of
// two: fields of 1, 2, 4, ... bits, each the sum of its two halves (a few
// shifts, masks and additions, which the solver blasts into a small
// circuit, where a sum of w single bits is w adders).
func PopCount(x *expr.Term) *expr.Term {
	w := x.Width
	for field := 1; field < w; field *= 2 {
		var mask uint64
		for i := 0; i < w; i += 2 * field {
			mask |= (uint64(1)<<field - 1) << i
		}
		m := expr.Const(mask, w)
		x = expr.Add(expr.And(x, m), expr.And(expr.LShr(x, expr.Const(uint64(field), w)), m))
	}
	return x
}
