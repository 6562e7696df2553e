// This file defines the translation of integer and boolean IR values to
// terms: one big switch over instruction kinds.

package symbolic

import (
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
	"math"

	"hgrd/cuda"
	"hgrd/expr"
)

// Term returns the term of an integer or boolean value; values of other
// types, and values the analysis does not model, become fresh per-thread
// variables.
func (e *Evaluator) Term(v value.Value) *expr.Term {
	v = UnwrapArg(v)
	if t, ok := e.terms[v]; ok {
		return t
	}
	w := WidthOf(v.Type())
	if w < 0 {
		w = 64 // floats, pointers used as integers: opaque anyway
		if v.Type().Equal(boolType) {
			w = expr.Bool
		}
	}
	t := e.bounded(v, e.translate(v, w))
	e.terms[v] = t
	return t
}

var boolType = types.I1

// translate builds the term of v, of width w.
func (e *Evaluator) translate(v value.Value, w int) *expr.Term {
	switch v := v.(type) {
	case *constant.Int:
		if w == expr.Bool {
			return expr.BoolConst(v.X.Sign() != 0)
		}
		if v.X.Sign() < 0 {
			return expr.Int(v.X.Int64(), w)
		}
		return expr.Const(v.X.Uint64(), w)
	case *constant.ZeroInitializer:
		if w == expr.Bool {
			return expr.False()
		}
		return expr.Const(0, w)
	case *constant.Null:
		return expr.Const(0, w)
	case *constant.Float:
		return floatBits(v, w)
	case *ir.Global:
		// A variable's address: one unknown for the whole launch.
		return expr.Var("addr."+v.Name(), w, expr.Shared)
	case *constant.ExprBitCast:
		if PointerType(v.Type()) && PointerType(v.From.Type()) {
			return e.Term(v.From)
		}
	case *constant.ExprAddrSpaceCast:
		return e.Term(v.From)
	case *constant.ExprGetElementPtr:
		if zeroIndices(v.Indices) {
			return e.Term(v.Src) // &a[0] is a
		}
	case *ir.Func:
		// A function's address: one unknown for the whole launch, so that
		// threads comparing one pointer with it agree.
		return expr.Var("fn."+v.Name(), w, expr.Shared)
	case *ir.InstPhi:
		return e.phi(v, w)
	case *ir.InstCall:
		switch c := cuda.LookupCall(CalleeName(v)); c.Kind {
		case cuda.MinMax:
			return e.minMax(v, c.Op, v.Args, w)
		case cuda.BitCount:
			return e.bitCount(v, c.Op, v.Args[0], w)
		}
	case *ir.InstICmp:
		return e.icmp(v)
	case *ir.InstSelect:
		return expr.Ite(e.Cond(v.Cond), e.Term(v.ValueTrue), e.Term(v.ValueFalse))
	case *ir.InstZExt:
		return e.extend(v.From, w, false)
	case *ir.InstSExt:
		return e.extend(v.From, w, true)
	case *ir.InstTrunc:
		if w == expr.Bool {
			return expr.ToBool(expr.Trunc(e.Term(v.From), 1))
		}
		return expr.Trunc(e.Term(v.From), w)
	case *ir.InstFreeze:
		return e.Term(v.X)
	case *ir.InstFCmp:
		if t := e.fcmp(v); t != nil {
			return t
		}
	case *ir.InstFPToSI:
		if t := e.convertedConstants(v.From, w, true); t != nil {
			return t
		}
		if t := e.floatToInt(v, v.From, w); t != nil {
			return t
		}
	case *ir.InstFPToUI:
		if t := e.convertedConstants(v.From, w, false); t != nil {
			return t
		}
		if t := e.floatToInt(v, v.From, w); t != nil {
			return t
		}
	}
	if inst, ok := v.(ir.Instruction); ok {
		if t := e.arith(inst, w); t != nil {
			return t
		}
	}
	if t := e.floatOp(v, w); t != nil {
		return t
	}
	if t := e.hooks.Leaf(v, w); t != nil {
		return t
	}
	return e.Fresh(v, "v", w)
}

// Cond returns the boolean term of an i1 value.
func (e *Evaluator) Cond(v value.Value) *expr.Term {
	t := e.Term(v)
	if !t.IsBool() {
		return expr.ToBool(expr.Trunc(t, 1))
	}
	return t
}

// extend translates zext and sext, including from booleans.
func (e *Evaluator) extend(from value.Value, w int, signed bool) *expr.Term {
	x := e.Term(from)
	if x.IsBool() {
		if signed {
			return expr.Ite(x, expr.Int(-1, w), expr.Const(0, w))
		}
		return expr.Ite(x, expr.Const(1, w), expr.Const(0, w))
	}
	if w == expr.Bool {
		return expr.ToBool(expr.Trunc(x, 1))
	}
	if signed {
		return expr.SExt(x, w)
	}
	return expr.ZExt(x, w)
}

// icmp translates an integer comparison. Of pointers, only equality is
// translated, as equality of their terms (a pointer the analysis does not
// model is a fresh unknown, so the comparison is then unknown too); the
// order of two pointers is opaque.
func (e *Evaluator) icmp(v *ir.InstICmp) *expr.Term {
	pointers := WidthOf(v.X.Type()) < 0 && !v.X.Type().Equal(boolType)
	if pointers && v.Pred != enum.IPredEQ && v.Pred != enum.IPredNE {
		return e.Fresh(v, "cmp", expr.Bool)
	}
	x, y := e.Term(v.X), e.Term(v.Y)
	switch v.Pred {
	case enum.IPredEQ:
		return expr.Eq(x, y)
	case enum.IPredNE:
		return expr.Ne(x, y)
	}
	if x.IsBool() {
		x, y = expr.ZExt(expr.ToBV(x), 8), expr.ZExt(expr.ToBV(y), 8)
	}
	switch v.Pred {
	case enum.IPredULT:
		return expr.ULt(x, y)
	case enum.IPredULE:
		return expr.ULe(x, y)
	case enum.IPredUGT:
		return expr.ULt(y, x)
	case enum.IPredUGE:
		return expr.ULe(y, x)
	case enum.IPredSLT:
		return expr.SLt(x, y)
	case enum.IPredSLE:
		return expr.SLe(x, y)
	case enum.IPredSGT:
		return expr.SLt(y, x)
	}
	return expr.SLe(y, x)
}

// minMax translates llvm.smin/smax/umin/umax/abs.
func (e *Evaluator) minMax(v value.Value, op string, args []value.Value, w int) *expr.Term {
	x := e.Term(args[0])
	if x.IsBool() || w <= 0 {
		return e.Fresh(v, "v", w)
	}
	if op == "abs" {
		neg := expr.Sub(expr.Const(0, w), x)
		return expr.Ite(expr.SLt(x, expr.Const(0, w)), neg, x)
	}
	y := e.Term(args[1])
	less := map[string]func(x, y *expr.Term) *expr.Term{
		"smin": expr.SLt, "smax": func(x, y *expr.Term) *expr.Term { return expr.SLt(y, x) },
		"umin": expr.ULt, "umax": func(x, y *expr.Term) *expr.Term { return expr.ULt(y, x) },
	}[op]
	return expr.Ite(less(x, y), x, y)
}

// CalleeName returns the name of a call's callee, through casts.
func CalleeName(c *ir.InstCall) string {
	switch f := c.Callee.(type) {
	case *ir.Func:
		return f.Name()
	case *constant.ExprBitCast:
		if g, ok := f.From.(*ir.Func); ok {
			return g.Name()
		}
	}
	return ""
}

// UnwrapArg returns the value of a call argument that carries parameter
// attributes (noundef, zeroext), which llir wraps.
func UnwrapArg(v value.Value) value.Value {
	if arg, ok := v.(*ir.Arg); ok {
		return arg.Value
	}
	return v
}

// WidthOf returns the term width of an integer type: expr.Bool for i1, the
// bit size for wider integers, -1 for other types.
func WidthOf(t types.Type) int {
	it, ok := t.(*types.IntType)
	switch {
	case !ok || it.BitSize > expr.MaxWidth:
		return -1
	case it.BitSize == 1:
		return expr.Bool
	}
	return int(it.BitSize)
}

// Unnamed reports whether an LLVM local name is only a number (%7): the
// value has no name from the source.
func Unnamed(name string) bool {
	for _, c := range name {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// floatBits returns the bit pattern of a float or double constant, zero-
// extended to w bits; other floating-point types are unknowns.
func floatBits(v *constant.Float, w int) *expr.Term {
	f, _ := v.X.Float64()
	var bits uint64
	switch {
	case v.NaN:
		return expr.Var("nan."+v.Typ.String(), w, expr.Shared)
	case v.Typ.Kind == types.FloatKindFloat:
		bits = uint64(math.Float32bits(float32(f)))
	case v.Typ.Kind == types.FloatKindDouble:
		bits = math.Float64bits(f)
	default:
		return expr.Var("float."+v.String(), w, expr.Shared)
	}
	if w < 64 && bits>>uint(w) != 0 {
		return expr.Var("float."+v.String(), w, expr.Shared)
	}
	return expr.Const(bits, w)
}

// zeroIndices reports whether every index of a constant getelementptr is
// zero.
func zeroIndices(indices []constant.Constant) bool {
	for _, c := range indices {
		if ix, ok := c.(*constant.Index); ok {
			c = ix.Constant
		}
		i, ok := c.(*constant.Int)
		if !ok || i.X.Sign() != 0 {
			return false
		}
	}
	return true
}

// StripPointerCasts returns a pointer without its casts: bitcasts and
// address-space casts, as instructions or constant expressions.
func StripPointerCasts(v value.Value) value.Value {
	for {
		switch c := UnwrapArg(v).(type) {
		case *ir.InstBitCast:
			v = c.From
		case *ir.InstAddrSpaceCast:
			v = c.From
		case *constant.ExprBitCast:
			v = c.From
		case *constant.ExprAddrSpaceCast:
			v = c.From
		default:
			return UnwrapArg(v)
		}
	}
}
