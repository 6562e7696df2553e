// This file defines integers computed through floating point from
// integers, as host code sizes grids: (int)ceil(n / 256.0f),
// (int)floor((double)a / b), (int)(float)n, (int)pow(2, k). Floats are
// otherwise opaque.

package symbolic

import (
	"fmt"
	"math"
	"math/bits"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"hgrd/cuda"
	"hgrd/expr"
)

// floatToInt translates fptosi or fptoui of from to w bits when from is a
// rounding of a quotient of integers (or an integer): the exact result
// where the float computation is exact (a non-negative numerator within
// the float's exact integers, a positive denominator), otherwise
// unknown. nil if from has no such form.
func (e *Evaluator) floatToInt(conv value.Value, from value.Value, w int) *expr.Term {
	if t := e.convertedPower(conv, from, w); t != nil {
		return t
	}
	op := cuda.Trunc
	if call, ok := UnwrapArg(from).(*ir.InstCall); ok {
		op = cuda.LookupRounding(CalleeName(call))
		if op == cuda.NoRounding || len(call.Args) != 1 {
			return nil
		}
		from = call.Args[0]
	}
	limit := exactLimit(from.Type())
	if limit == 0 {
		return nil
	}
	num, den := e.intValued(from), expr.Const(1, 64)
	if div, ok := UnwrapArg(from).(*ir.InstFDiv); ok {
		num, den = e.intValued(div.X), e.intValued(div.Y)
	}
	if num == nil || den == nil {
		return nil
	}
	var exact *expr.Term
	switch op {
	case cuda.Ceil:
		exact = expr.SDiv(expr.Sub(expr.Add(num, den), expr.Const(1, 64)), den)
	case cuda.Floor, cuda.Trunc:
		exact = expr.SDiv(num, den)
	case cuda.Round:
		limit /= 4
		exact = expr.SDiv(expr.Add(expr.Add(num, num), den), expr.Add(den, den))
	default:
		return nil
	}
	pre := expr.AllOf(expr.SLe(expr.Const(0, 64), num), expr.SLt(num, expr.Const(limit, 64)),
		expr.SLt(expr.Const(0, 64), den), expr.SLt(den, expr.Const(limit, 64)))
	if w < 64 {
		exact = expr.Trunc(exact, w)
	}
	return expr.Ite(pre, exact, e.conversionFallback(conv, w))
}

// conversionFallback returns the term of a float-to-integer conversion
// where its exact form does not hold: a function of its operand, or
// unknown.
func (e *Evaluator) conversionFallback(conv value.Value, w int) *expr.Term {
	if t := e.floatOp(conv, w); t != nil {
		return t
	}
	return e.Fresh(conv, "conv", w)
}

// convertedPower translates the conversion conv of a float that is a
// power of two raised to an integer, pow(2, k) or exp2(k) (a base 2^m
// gives 2^(m*k)), to a w-bit integer: 1 << (m*k), and 0 for a negative
// exponent (a power below 1 truncates to 0), which is 1 << w. C++ makes a
// conversion whose value the integer type cannot hold undefined, and so
// does the IR (fptosi and fptoui give poison): the conversion promises
// m*k <= w-2 (w-1 unsigned), a definedness fact of the conversion.
// Every such power is exact in a double. The form is a shift of 1, which
// the solver divides by as a shift (a bitonic sort's i / seq_len with
// seq_len = (int)pow(2, stage + 1)). nil if from has no such form.
func (e *Evaluator) convertedPower(conv, from value.Value, w int) *expr.Term {
	call, ok := UnwrapArg(from).(*ir.InstCall)
	if !ok {
		return nil
	}
	var base, exponent *expr.Term
	switch cuda.LookupPower(CalleeName(call)) {
	case cuda.Pow:
		if len(call.Args) == 2 {
			base, exponent = e.intValued(call.Args[0]), e.intValued(call.Args[1])
		}
	case cuda.Exp2:
		if len(call.Args) == 1 {
			base, exponent = expr.Const(2, 64), e.intValued(call.Args[0])
		}
	}
	if base == nil || exponent == nil || !base.IsConst() {
		return nil
	}
	m := bits.TrailingZeros64(base.Value)
	if base.Value == 0 || base.Value != 1<<m || m == 0 {
		return nil
	}
	shift := expr.Mul(exponent, expr.Const(uint64(m), 64))
	top := uint64(w - 2)
	if _, unsigned := conv.(*ir.InstFPToUI); unsigned {
		top = uint64(w - 1)
	}
	zero := expr.Const(0, 64)
	amount := expr.Ite(expr.SLt(shift, zero), expr.Const(uint64(w), 64), shift)
	t := expr.Shl(expr.Const(1, w), expr.Trunc64(amount, w))
	if inst, ok := conv.(ir.Instruction); ok {
		e.Promise(t, expr.SLe(shift, expr.Const(top, 64)), inst)
	}
	return t
}

// exactLimit returns the bound below which a float type holds every
// integer exactly, and its divisions of such integers round to the right
// side of every integer; 0 for other types.
func exactLimit(t types.Type) uint64 {
	ft, ok := t.(*types.FloatType)
	if !ok {
		return 0
	}
	switch ft.Kind {
	case types.FloatKindFloat:
		return 1 << 24
	case types.FloatKindDouble:
		return 1 << 53
	}
	return 0
}

// intValued returns, as a 64-bit term, the integer that a float value
// holds when it is one: a conversion from an integer, an extension of
// one, or an integral constant. nil otherwise.
func (e *Evaluator) intValued(v value.Value) *expr.Term {
	switch x := UnwrapArg(v).(type) {
	case *ir.InstSIToFP:
		return e.to64(x.From, true)
	case *ir.InstUIToFP:
		return e.to64(x.From, false)
	case *ir.InstFPExt:
		return e.intValued(x.From)
	case *constant.Float:
		f, _ := x.X.Float64()
		if x.NaN || f != math.Trunc(f) || math.Abs(f) >= 1<<53 {
			return nil
		}
		return expr.Int(int64(f), 64)
	}
	return nil
}

// to64 returns an integer value's term extended to 64 bits.
func (e *Evaluator) to64(v value.Value, signed bool) *expr.Term {
	t := e.Term(v)
	switch {
	case t.IsBool():
		return nil
	case t.Width == 64:
		return t
	case signed:
		return expr.SExt(t, 64)
	}
	return expr.ZExt(t, 64)
}

// floatOp translates a floating-point operation or conversion as an
// uninterpreted function of its operands, named after the operation and
// the result type: equal operands give equal results (the operations are
// deterministic), so that two threads storing a float computed from one
// launch-wide value store the same value. nil for other instructions.
func (e *Evaluator) floatOp(v value.Value, w int) *expr.Term {
	var op string
	var args []value.Value
	switch x := v.(type) {
	case *ir.InstFAdd:
		op, args = "fadd", []value.Value{x.X, x.Y}
	case *ir.InstFSub:
		op, args = "fsub", []value.Value{x.X, x.Y}
	case *ir.InstFMul:
		op, args = "fmul", []value.Value{x.X, x.Y}
	case *ir.InstFDiv:
		op, args = "fdiv", []value.Value{x.X, x.Y}
	case *ir.InstFRem:
		op, args = "frem", []value.Value{x.X, x.Y}
	case *ir.InstFNeg:
		op, args = "fneg", []value.Value{x.X}
	case *ir.InstSIToFP:
		op, args = "sitofp", []value.Value{x.From}
	case *ir.InstUIToFP:
		op, args = "uitofp", []value.Value{x.From}
	case *ir.InstFPExt:
		op, args = "fpext", []value.Value{x.From}
	case *ir.InstFPTrunc:
		op, args = "fptrunc", []value.Value{x.From}
	case *ir.InstFPToSI:
		op, args = "fptosi", []value.Value{x.From}
	case *ir.InstFPToUI:
		op, args = "fptoui", []value.Value{x.From}
	default:
		return nil
	}
	terms := make([]*expr.Term, len(args))
	for i, a := range args {
		terms[i] = e.Term(a)
		if terms[i].IsBool() {
			return nil
		}
	}
	return expr.Apply(fmt.Sprintf("%s.%s", op, v.Type()), w, terms...)
}

// FloatConstantBits returns the bit pattern of a float or double
// constant other than NaN, zero-extended to 64 bits as Term gives
// floats; false for NaN and other floating-point types.
func FloatConstantBits(c *constant.Float) (uint64, bool) {
	if c.NaN {
		return 0, false
	}
	t := floatBits(c, 64)
	return t.Value, t.IsConst()
}

// fcmp translates a float's equality test against a constant that is
// neither zero nor NaN: == (oeq) holds exactly when the two bit patterns
// are equal, and != (une) exactly when they differ, since a NaN differs
// from such a constant in bits as in value and only zero has two
// patterns. A host configuration kept in a double (miniWeather's
// data_spec_int == DATA_SPEC_INJECTION) then decides which launches
// run. nil for other comparisons.
func (e *Evaluator) fcmp(v *ir.InstFCmp) *expr.Term {
	if v.Pred != enum.FPredOEQ && v.Pred != enum.FPredUNE {
		return nil
	}
	x, y := v.X, v.Y
	if _, ok := UnwrapArg(x).(*constant.Float); ok {
		x, y = y, x
	}
	c, ok := UnwrapArg(y).(*constant.Float)
	if !ok {
		return nil
	}
	if f, _ := c.X.Float64(); f == 0 {
		return nil
	}
	bits, ok := FloatConstantBits(c)
	if !ok {
		return nil
	}
	eq := expr.Eq(e.Term(x), expr.Const(bits, 64))
	if v.Pred == enum.FPredUNE {
		return expr.Not(eq)
	}
	return eq
}

// convertedConstants folds the conversion to a w-bit integer of a float
// whose term is a constant bit pattern, or a choice among such (the
// values of a host global, see package hostanalysis): each value
// truncated toward zero. nil if a value is not constant, or is NaN or
// out of the integer's range, where the conversion is undefined.
func (e *Evaluator) convertedConstants(from value.Value, w int, signed bool) *expr.Term {
	ft, ok := from.Type().(*types.FloatType)
	if !ok || w <= 0 || w > 64 || (ft.Kind != types.FloatKindFloat && ft.Kind != types.FloatKindDouble) {
		return nil
	}
	convert := func(bits uint64) *expr.Term {
		f := math.Float64frombits(bits)
		if ft.Kind == types.FloatKindFloat {
			f = float64(math.Float32frombits(uint32(bits)))
		}
		f = math.Trunc(f)
		top := math.Ldexp(1, w)
		switch {
		case math.IsNaN(f):
			return nil
		case signed && f >= -top/2 && f < top/2:
			return expr.Int(int64(f), w)
		case !signed && f >= 0 && f < top:
			return expr.Const(uint64(f), w)
		}
		return nil
	}
	return mapConstants(e.Term(from), convert)
}

// mapConstants applies f to t if t is a constant, or to each of the
// constants a tree of choices (ite) picks among, keeping the choices;
// nil if some leaf is not a constant or f gives nil for one.
func mapConstants(t *expr.Term, f func(uint64) *expr.Term) *expr.Term {
	switch {
	case t.IsConst() && !t.IsBool():
		return f(t.Value)
	case t.Op == expr.OpIte:
		a, b := mapConstants(t.Args[1], f), mapConstants(t.Args[2], f)
		if a == nil || b == nil {
			return nil
		}
		return expr.Ite(t.Args[0], a, b)
	}
	return nil
}
