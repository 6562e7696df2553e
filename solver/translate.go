// This file defines the translation of expr terms to Z3 values, memoised by
// term pointer for the lifetime of a Solver.

package solver

import (
	"fmt"
	"math/big"

	"github.com/aclements/go-z3/z3"

	"hgrd/expr"
)

// A translator turns terms into Z3 values of one context. Terms are
// immutable, so a term's translation is kept for the translator's
// lifetime: queries that share path conditions translate them once.
type translator struct {
	ctx   *z3.Context
	memo  map[*expr.Term]z3.Value
	sorts map[int]z3.Sort      // bit-vector sorts by width, Bool (0) for booleans
	funcs map[string]funcEntry // uninterpreted functions by name
	// tight, while one query's bit-vectors are translated, holds its
	// bounds (tight.go).
	tight *tightness
}

// A funcEntry is an uninterpreted function's declaration and signature.
type funcEntry struct {
	decl z3.FuncDecl
	sig  string // argument and result widths, such as "32,0->8"
}

// A termError reports a malformed term. The translator panics with it;
// Solver.Check recovers it as an error.
type termError struct {
	msg string
}

func (e *termError) Error() string { return e.msg }

// termErr returns a termError about t.
func termErr(t *expr.Term, format string, args ...any) *termError {
	return &termError{fmt.Sprintf("solver: %s: %s", fmt.Sprintf(format, args...), describe(t))}
}

// describe prints a term for an error message, shortened, and without
// trusting a malformed term to print.
func describe(t *expr.Term) (s string) {
	defer func() {
		if recover() != nil {
			s = fmt.Sprintf("%s of width %d", t.Op, t.Width)
		}
	}()
	const maxLen = 200
	if s = t.String(); len(s) > maxLen {
		s = s[:maxLen] + "..."
	}
	return s
}

// newTranslator returns a translator into ctx.
func newTranslator(ctx *z3.Context) *translator {
	return &translator{
		ctx:   ctx,
		memo:  map[*expr.Term]z3.Value{},
		sorts: map[int]z3.Sort{},
		funcs: map[string]funcEntry{},
	}
}

// sort returns the Z3 sort of a width: boolean for expr.Bool.
func (tr *translator) sort(width int) z3.Sort {
	if s, ok := tr.sorts[width]; ok {
		return s
	}
	var s z3.Sort
	if width == expr.Bool {
		s = tr.ctx.BoolSort()
	} else {
		s = tr.ctx.BVSort(width)
	}
	tr.sorts[width] = s
	return s
}

// value returns the translation of t, translating it on first use.
func (tr *translator) value(t *expr.Term) z3.Value {
	memo := tr.memo
	if tr.tight != nil && tr.tight.tightens(t) {
		memo = tr.tight.memo
	}
	if v, ok := memo[t]; ok {
		return v
	}
	if t.Width < expr.Bool || t.Width > expr.MaxWidth {
		panic(termErr(t, "width %d out of range", t.Width))
	}
	v := tr.translate(t)
	tr.checkSort(t, v)
	memo[t] = v
	return v
}

// checkSort panics unless v, the translation of t, has t's sort, so that
// a hand-built term whose Width disagrees with its operands is reported
// instead of producing a model of the wrong width.
func (tr *translator) checkSort(t *expr.Term, v z3.Value) {
	switch v := v.(type) {
	case z3.Bool:
		if t.IsBool() {
			return
		}
	case z3.BV:
		if w := v.Sort().BVSize(); w == t.Width {
			return
		}
	}
	panic(termErr(t, "translation has sort %s, not width %d", v.Sort(), t.Width))
}

// bool returns the translation of a boolean term.
func (tr *translator) bool(t *expr.Term) z3.Bool {
	if v, ok := tr.value(t).(z3.Bool); ok {
		return v
	}
	panic(termErr(t, "boolean expected"))
}

// bv returns the translation of a bit-vector term.
func (tr *translator) bv(t *expr.Term) z3.BV {
	if v, ok := tr.value(t).(z3.BV); ok {
		return v
	}
	panic(termErr(t, "bit-vector expected"))
}

// arity panics unless t has n operands.
func arity(t *expr.Term, n int) {
	if len(t.Args) != n {
		panic(termErr(t, "%s with %d operands", t.Op, len(t.Args)))
	}
}

// translate builds the Z3 value of t from its operands' translations.
// Operand sorts are checked by Z3 itself: a mismatch panics inside
// go-z3 with Z3's message.
func (tr *translator) translate(t *expr.Term) z3.Value {
	switch t.Op {
	case expr.OpConst:
		return tr.constant(t)
	case expr.OpVar:
		return tr.ctx.Const(t.Name, tr.sort(t.Width))
	case expr.OpApply:
		return tr.apply(t)
	case expr.OpAnd, expr.OpOr:
		if t.IsBool() {
			return tr.logical(t)
		}
	case expr.OpZExt, expr.OpSExt, expr.OpTrunc:
		return tr.resize(t)
	case expr.OpNot:
		arity(t, 1)
		return tr.bool(t.Args[0]).Not()
	case expr.OpImplies:
		arity(t, 2)
		return tr.bool(t.Args[0]).Implies(tr.bool(t.Args[1]))
	case expr.OpIte:
		arity(t, 3)
		return tr.bool(t.Args[0]).IfThenElse(tr.value(t.Args[1]), tr.value(t.Args[2]))
	case expr.OpBool:
		arity(t, 1)
		return tr.bv(t.Args[0]).Eq(tr.ctx.FromInt(1, tr.sort(1)).(z3.BV))
	case expr.OpBV:
		arity(t, 1)
		one, zero := tr.ctx.FromInt(1, tr.sort(1)), tr.ctx.FromInt(0, tr.sort(1))
		return tr.bool(t.Args[0]).IfThenElse(one, zero)
	}
	arity(t, 2)
	if t.Args[0].IsBool() {
		return tr.boolBinary(t)
	}
	return tr.bvBinary(t)
}

// constant translates a constant.
func (tr *translator) constant(t *expr.Term) z3.Value {
	if t.IsBool() {
		return tr.ctx.FromBool(t.Value != 0)
	}
	v := new(big.Int).SetUint64(t.Value & expr.Mask(t.Width))
	return tr.ctx.FromBigInt(v, tr.sort(t.Width))
}

// apply translates an application of an uninterpreted function, declaring
// the function on its first use.
func (tr *translator) apply(t *expr.Term) z3.Value {
	args := make([]z3.Value, len(t.Args))
	for i, a := range t.Args {
		args[i] = tr.value(a)
	}
	sig := signature(t)
	f, ok := tr.funcs[t.Name]
	if !ok {
		domain := make([]z3.Sort, len(t.Args))
		for i, a := range t.Args {
			domain[i] = tr.sort(a.Width)
		}
		f = funcEntry{tr.ctx.FuncDecl(t.Name, domain, tr.sort(t.Width)), sig}
		tr.funcs[t.Name] = f
	} else if f.sig != sig {
		panic(termErr(t, "function %s used as %s and as %s", t.Name, f.sig, sig))
	}
	return f.decl.Apply(args...)
}

// signature describes an application's argument and result widths.
func signature(t *expr.Term) string {
	s := ""
	for i, a := range t.Args {
		if i > 0 {
			s += ","
		}
		s += fmt.Sprint(a.Width)
	}
	return fmt.Sprintf("%s->%d", s, t.Width)
}

// logical translates an n-ary conjunction or disjunction of booleans.
func (tr *translator) logical(t *expr.Term) z3.Value {
	if len(t.Args) == 0 {
		return tr.ctx.FromBool(t.Op == expr.OpAnd)
	}
	args := make([]z3.Bool, len(t.Args)-1)
	for i, a := range t.Args[1:] {
		args[i] = tr.bool(a)
	}
	if t.Op == expr.OpAnd {
		return tr.bool(t.Args[0]).And(args...)
	}
	return tr.bool(t.Args[0]).Or(args...)
}

// resize translates a zero or sign extension or a truncation.
func (tr *translator) resize(t *expr.Term) z3.Value {
	arity(t, 1)
	a := tr.bv(t.Args[0])
	from := t.Args[0].Width
	switch {
	case t.IsBool():
		panic(termErr(t, "width change to a boolean"))
	case t.Op == expr.OpTrunc && t.Width <= from:
		return a.Extract(t.Width-1, 0)
	case t.Op == expr.OpZExt && t.Width >= from:
		return a.ZeroExtend(t.Width - from)
	case t.Op == expr.OpSExt && t.Width >= from:
		return a.SignExtend(t.Width - from)
	}
	panic(termErr(t, "%s from %d to %d bits", t.Op, from, t.Width))
}

// boolBinary translates a binary operator on booleans.
func (tr *translator) boolBinary(t *expr.Term) z3.Value {
	a, b := tr.bool(t.Args[0]), tr.bool(t.Args[1])
	switch t.Op {
	case expr.OpEq:
		return a.Eq(b)
	case expr.OpNe:
		return a.NE(b)
	case expr.OpXor:
		return a.Xor(b)
	}
	panic(termErr(t, "%s of booleans", t.Op))
}

// bvBinary translates a binary operator on bit-vectors: arithmetic,
// bit-wise operators and comparisons, all with SMT-LIB semantics.
func (tr *translator) bvBinary(t *expr.Term) z3.Value {
	if tr.tight != nil {
		if w := tr.tight.width(t); w > 0 {
			return tr.tightOp(t, w)
		}
	}
	a, b := tr.bv(t.Args[0]), tr.bv(t.Args[1])
	switch t.Op {
	case expr.OpAdd:
		return a.Add(b)
	case expr.OpSub:
		return a.Sub(b)
	case expr.OpMul:
		if m, ok := tr.wideningMul(t); ok {
			return m
		}
		return a.Mul(b)
	case expr.OpUDiv:
		return a.UDiv(b)
	case expr.OpSDiv:
		return a.SDiv(b)
	case expr.OpURem:
		return a.URem(b)
	case expr.OpSRem:
		return a.SRem(b)
	case expr.OpShl:
		return a.Lsh(b)
	case expr.OpLShr:
		return a.URsh(b)
	case expr.OpAShr:
		return a.SRsh(b)
	case expr.OpAnd:
		return a.And(b)
	case expr.OpOr:
		return a.Or(b)
	case expr.OpXor:
		return a.Xor(b)
	case expr.OpEq:
		return a.Eq(b)
	case expr.OpNe:
		return a.NE(b)
	case expr.OpULt:
		return a.ULT(b)
	case expr.OpULe:
		return a.ULE(b)
	case expr.OpSLt:
		return a.SLT(b)
	case expr.OpSLe:
		return a.SLE(b)
	}
	panic(termErr(t, "cannot translate operator %s", t.Op))
}

// wideningMul translates the product of two sign-extended operands of at
// half the product's width, sext(a)*sext(b), as the product of their
// zero extensions corrected by the signs:
//
//	sext(a)*sext(b) = zext(a)*zext(b) - [a<0]*zext(b)<<w - [b<0]*zext(a)<<w  (mod 2^2w)
//
// The same value, but bit-blasted with the upper halves of both operands
// known zero, a multiplier a quarter the size: such products are how the
// no-signed-wrap promises of 32-bit multiplications are stated, and they
// dominated the cost of queries over loops with doubling strides.
func (tr *translator) wideningMul(t *expr.Term) (z3.BV, bool) {
	x, y := t.Args[0], t.Args[1]
	if x.Op != expr.OpSExt || y.Op != expr.OpSExt || x.IsConst() || y.IsConst() {
		return z3.BV{}, false
	}
	w := x.Args[0].Width
	if y.Args[0].Width != w || 2*w != t.Width {
		return z3.BV{}, false
	}
	a, b := tr.bv(x.Args[0]), tr.bv(y.Args[0])
	ext := uint(t.Width - w)
	za, zb := a.ZeroExtend(int(ext)), b.ZeroExtend(int(ext))
	zero := tr.ctx.FromInt(0, tr.sort(t.Width)).(z3.BV)
	shift := tr.ctx.FromInt(int64(w), tr.sort(t.Width)).(z3.BV)
	negative := func(v z3.BV) z3.Bool { return v.SLT(tr.ctx.FromInt(0, tr.sort(w)).(z3.BV)) }
	fixA := negative(a).IfThenElse(zb.Lsh(shift), zero).(z3.BV)
	fixB := negative(b).IfThenElse(za.Lsh(shift), zero).(z3.BV)
	return za.Mul(zb).Sub(fixA).Sub(fixB), true
}
