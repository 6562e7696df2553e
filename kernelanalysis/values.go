// This file defines the translation of integer and boolean IR values to
// terms: one big switch over instruction kinds.

package kernelanalysis

import (
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"hgrd/cuda"
	"hgrd/expr"
)

// term returns the term of an integer or boolean value; values of other
// types, and values the analysis does not model, become fresh per-thread
// variables.
func (a *analyzer) term(v value.Value) *expr.Term {
	v = unwrapArg(v)
	if t, ok := a.terms[v]; ok {
		return t
	}
	w := widthOf(v.Type())
	if w < 0 {
		w = 64 // floats, pointers used as integers: opaque anyway
		if v.Type().Equal(boolType) {
			w = expr.Bool
		}
	}
	t := a.translate(v, w)
	a.terms[v] = t
	return t
}

var boolType = types.I1

// translate builds the term of v, of width w.
func (a *analyzer) translate(v value.Value, w int) *expr.Term {
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
	case *ir.InstPhi:
		return a.phi(v, w)
	case *ir.InstCall:
		return a.call(v, w)
	case *ir.InstLoad:
		return a.loadValue(v, w)
	case *ir.InstICmp:
		return a.icmp(v)
	case *ir.InstSelect:
		return expr.Ite(a.cond(v.Cond), a.term(v.ValueTrue), a.term(v.ValueFalse))
	case *ir.InstZExt:
		return a.extend(v.From, w, false)
	case *ir.InstSExt:
		return a.extend(v.From, w, true)
	case *ir.InstTrunc:
		if w == expr.Bool {
			return expr.ToBool(expr.Trunc(a.term(v.From), 1))
		}
		return expr.Trunc(a.term(v.From), w)
	case *ir.InstFreeze:
		return a.term(v.X)
	}
	if inst, ok := v.(ir.Instruction); ok {
		if t := a.arith(inst, w); t != nil {
			return t
		}
	}
	return a.freshVar("v", w)
}

// cond returns the boolean term of an i1 value.
func (a *analyzer) cond(v value.Value) *expr.Term {
	t := a.term(v)
	if !t.IsBool() {
		return expr.ToBool(expr.Trunc(t, 1))
	}
	return t
}

// extend translates zext and sext, including from booleans.
func (a *analyzer) extend(from value.Value, w int, signed bool) *expr.Term {
	x := a.term(from)
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

// icmp translates an integer comparison; pointer comparisons are opaque.
func (a *analyzer) icmp(v *ir.InstICmp) *expr.Term {
	if widthOf(v.X.Type()) < 0 && !v.X.Type().Equal(boolType) {
		return a.freshVar("cmp", expr.Bool)
	}
	x, y := a.term(v.X), a.term(v.Y)
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

// call translates the result of a call: special registers, min/max, and
// otherwise an unknown value.
func (a *analyzer) call(v *ir.InstCall, w int) *expr.Term {
	c := cuda.LookupCall(calleeName(v))
	switch c.Kind {
	case cuda.SpecialReg:
		return specialReg(c.Register, w)
	case cuda.MinMax:
		return a.minMax(c.Op, v.Args, w)
	case cuda.AtomicCall:
		return a.freshVar("atomic", w)
	}
	return a.freshVar("call", w)
}

// specialReg returns the variable of a special register.
func specialReg(r cuda.Register, w int) *expr.Term {
	var t *expr.Term
	switch r.Name {
	case "tid":
		t = ThreadIdx(r.Axis)
	case "ctaid":
		t = BlockIdx(r.Axis)
	case "ntid":
		t = BlockDim(r.Axis)
	case "nctaid":
		t = GridDim(r.Axis)
	case "warpsize":
		t = expr.Const(cuda.WarpSize, 32)
	case "laneid":
		t = expr.URem(LinearThreadID(), expr.Const(cuda.WarpSize, 32))
	default:
		t = expr.Var("sreg."+r.Name, 32, expr.PerThread)
	}
	if w != 32 && w > 0 {
		if w < 32 {
			return expr.Trunc(t, w)
		}
		return expr.ZExt(t, w)
	}
	return t
}

// LinearThreadID returns a thread's linear index in its block:
// tid.x + tid.y*ntid.x + tid.z*ntid.x*ntid.y.
func LinearThreadID() *expr.Term {
	xy := expr.Mul(BlockDim(0), BlockDim(1))
	return expr.Add(expr.Add(ThreadIdx(0), expr.Mul(ThreadIdx(1), BlockDim(0))), expr.Mul(ThreadIdx(2), xy))
}

// minMax translates llvm.smin/smax/umin/umax/abs.
func (a *analyzer) minMax(op string, args []value.Value, w int) *expr.Term {
	x := a.term(args[0])
	if x.IsBool() || w <= 0 {
		return a.freshVar("v", w)
	}
	if op == "abs" {
		neg := expr.Sub(expr.Const(0, w), x)
		return expr.Ite(expr.SLt(x, expr.Const(0, w)), neg, x)
	}
	y := a.term(args[1])
	less := map[string]func(x, y *expr.Term) *expr.Term{
		"smin": expr.SLt, "smax": func(x, y *expr.Term) *expr.Term { return expr.SLt(y, x) },
		"umin": expr.ULt, "umax": func(x, y *expr.Term) *expr.Term { return expr.ULt(y, x) },
	}[op]
	return expr.Ite(less(x, y), x, y)
}

// calleeName returns the name of a call's callee, through casts.
func calleeName(c *ir.InstCall) string {
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

// unwrapArg returns the value of a call argument that carries parameter
// attributes (noundef, zeroext), which llir wraps.
func unwrapArg(v value.Value) value.Value {
	if arg, ok := v.(*ir.Arg); ok {
		return arg.Value
	}
	return v
}
