// This file defines the translation of arithmetic and bit-wise
// instructions, with the definedness conditions the IR promises (nsw, nuw,
// exact, no division by zero, no over-wide shift).

package symbolic

import (
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/value"

	"hgrd/expr"
)

// BinaryInst returns the operands and overflow flags of a binary
// instruction, and the term constructor of its operator.
func BinaryInst(inst ir.Instruction) (x, y value.Value, flags []enum.OverflowFlag, op func(a, b *expr.Term) *expr.Term, ok bool) {
	switch i := inst.(type) {
	case *ir.InstAdd:
		return i.X, i.Y, i.OverflowFlags, expr.Add, true
	case *ir.InstSub:
		return i.X, i.Y, i.OverflowFlags, expr.Sub, true
	case *ir.InstMul:
		return i.X, i.Y, i.OverflowFlags, expr.Mul, true
	case *ir.InstShl:
		return i.X, i.Y, i.OverflowFlags, expr.Shl, true
	case *ir.InstUDiv:
		return i.X, i.Y, nil, expr.UDiv, true
	case *ir.InstSDiv:
		return i.X, i.Y, nil, expr.SDiv, true
	case *ir.InstURem:
		return i.X, i.Y, nil, expr.URem, true
	case *ir.InstSRem:
		return i.X, i.Y, nil, expr.SRem, true
	case *ir.InstLShr:
		return i.X, i.Y, nil, expr.LShr, true
	case *ir.InstAShr:
		return i.X, i.Y, nil, expr.AShr, true
	case *ir.InstAnd:
		return i.X, i.Y, nil, expr.And, true
	case *ir.InstOr:
		return i.X, i.Y, nil, expr.Or, true
	case *ir.InstXor:
		return i.X, i.Y, nil, xorTerm, true
	}
	return nil, nil, nil, nil, false
}

// xorTerm is xor on bit-vectors and inequality on booleans.
func xorTerm(a, b *expr.Term) *expr.Term {
	if a.IsBool() {
		return expr.Ne(a, b)
	}
	return expr.Xor(a, b)
}

// arith translates a binary instruction, or returns nil if inst is not
// one.
func (e *Evaluator) arith(inst ir.Instruction, w int) *expr.Term {
	xv, yv, flags, op, ok := BinaryInst(inst)
	if !ok {
		return nil
	}
	x, y := e.Term(xv), e.Term(yv)
	if x.Width != y.Width {
		return e.Fresh(inst.(value.Value), "v", w)
	}
	t := op(x, y)
	if !x.IsBool() {
		e.addFact(t, definedness(inst, x, y, flags), e.G.Where[inst])
		e.noteSignedExact(t, x, y, flags)
	}
	return t
}

// definedness returns the condition under which the instruction's result
// is not poison and does not trap.
func definedness(inst ir.Instruction, x, y *expr.Term, flags []enum.OverflowFlag) *expr.Term {
	w := x.Width
	var conds []*expr.Term
	switch inst.(type) {
	case *ir.InstUDiv, *ir.InstURem:
		conds = append(conds, expr.Ne(y, expr.Const(0, w)))
	case *ir.InstSDiv, *ir.InstSRem:
		minInt := expr.Const(1<<uint(w-1), w)
		conds = append(conds, expr.Ne(y, expr.Const(0, w)),
			expr.Not(expr.AllOf(expr.Eq(x, minInt), expr.Eq(y, expr.Int(-1, w)))))
	case *ir.InstShl, *ir.InstLShr, *ir.InstAShr:
		conds = append(conds, expr.ULt(y, expr.Const(uint64(w), w)))
	}
	for _, f := range flags {
		conds = append(conds, noWrap(inst, x, y, f == enum.OverflowFlagNSW))
	}
	return expr.AllOf(conds...)
}

// noWrap states that a nsw (signed) or nuw (unsigned) operation does not
// wrap: up to 32 bits by computing it in twice the width; wider ones,
// which the 64-bit limit of terms leaves no room to compute in, by
// wideNoWrap.
func noWrap(inst ir.Instruction, x, y *expr.Term, signed bool) *expr.Term {
	w := x.Width
	if w > 32 {
		return wideNoWrap(inst, x, y, signed)
	}
	wide := 2 * w
	ext := expr.ZExt
	if signed {
		ext = expr.SExt
	}
	xw, yw := ext(x, wide), ext(y, wide)
	var r *expr.Term
	switch inst.(type) {
	case *ir.InstAdd:
		r = expr.Add(xw, yw)
	case *ir.InstSub:
		r = expr.Sub(xw, yw)
	case *ir.InstMul:
		r = expr.Mul(xw, yw)
	case *ir.InstShl:
		// Shifted-out bits must all equal the result's sign (nsw) or be
		// zero (nuw); the shift amount is checked separately.
		r = expr.Shl(xw, ext(y, wide))
		r = expr.Ite(expr.ULt(y, expr.Const(uint64(w), w)), r, xw)
	default:
		return expr.True()
	}
	return expr.Eq(ext(expr.Trunc(r, w), wide), r)
}
