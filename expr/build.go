// This file defines the constructors of terms. They fold constants and
// apply a few identities, so terms stay small.

package expr

import "fmt"

// Const returns the bit-vector constant v of the given width.
func Const(v uint64, width int) *Term {
	mustWidth(width)
	return &Term{Op: OpConst, Width: width, Value: v & Mask(width)}
}

// Int returns the signed constant v of the given width.
func Int(v int64, width int) *Term { return Const(uint64(v), width) }

var (
	trueTerm  = &Term{Op: OpConst, Width: Bool, Value: 1}
	falseTerm = &Term{Op: OpConst, Width: Bool, Value: 0}
)

// True and False return the boolean constants.
func True() *Term  { return trueTerm }
func False() *Term { return falseTerm }

// BoolConst returns the boolean constant b.
func BoolConst(b bool) *Term {
	if b {
		return trueTerm
	}
	return falseTerm
}

// IsTrue and IsFalse report whether t is that boolean constant.
func (t *Term) IsTrue() bool  { return t.Op == OpConst && t.Width == Bool && t.Value != 0 }
func (t *Term) IsFalse() bool { return t.Op == OpConst && t.Width == Bool && t.Value == 0 }

// Var returns the variable name of the given width (Bool for a boolean).
func Var(name string, width int, scope Scope) *Term {
	if width != Bool {
		mustWidth(width)
	}
	return &Term{Op: OpVar, Width: width, Name: name, Scope: scope}
}

// Apply returns the uninterpreted function name applied to args, with a
// result of the given width. Equal arguments give equal results.
func Apply(name string, width int, args ...*Term) *Term {
	return &Term{Op: OpApply, Width: width, Name: name, Args: args}
}

func mustWidth(w int) {
	if w < 1 || w > MaxWidth {
		panic(fmt.Sprintf("expr: bit-vector width %d out of range", w))
	}
}

// binary builds a bit-vector operation of two operands of one width.
func binary(op Op, a, b *Term) *Term {
	if a.Width != b.Width || a.IsBool() && op != OpAnd && op != OpOr && op != OpXor {
		panic(fmt.Sprintf("expr: %s of widths %d and %d", op, a.Width, b.Width))
	}
	if op == OpLShr && b.IsConst() {
		// (zext(lo) | hi<<c) >> c is hi, less its bits shifted out.
		if _, hi, ok := packed(a, int(b.Value)); ok {
			if hi.IsConst() || hi.Op == OpZExt && hi.Args[0].Width <= a.Width-int(b.Value) {
				return hi
			}
			return binary(OpAnd, hi, Const(Mask(a.Width-int(b.Value)), a.Width))
		}
	}
	t := &Term{Op: op, Width: a.Width, Args: []*Term{a, b}}
	if a.IsConst() && b.IsConst() {
		if v, ok := foldConst(t); ok {
			return v
		}
	}
	return simplify(t)
}

// Arithmetic and bit-wise operations.
func Add(a, b *Term) *Term  { return binary(OpAdd, a, b) }
func Sub(a, b *Term) *Term  { return binary(OpSub, a, b) }
func Mul(a, b *Term) *Term  { return binary(OpMul, a, b) }
func UDiv(a, b *Term) *Term { return binary(OpUDiv, a, b) }
func SDiv(a, b *Term) *Term { return binary(OpSDiv, a, b) }
func URem(a, b *Term) *Term { return binary(OpURem, a, b) }
func SRem(a, b *Term) *Term { return binary(OpSRem, a, b) }
func Shl(a, b *Term) *Term  { return binary(OpShl, a, b) }
func LShr(a, b *Term) *Term { return binary(OpLShr, a, b) }
func AShr(a, b *Term) *Term { return binary(OpAShr, a, b) }
func Xor(a, b *Term) *Term  { return binary(OpXor, a, b) }

// And is bit-wise on bit-vectors and logical on booleans.
func And(a, b *Term) *Term {
	if a.IsBool() {
		return AllOf(a, b)
	}
	return binary(OpAnd, a, b)
}

// Or is bit-wise on bit-vectors and logical on booleans.
func Or(a, b *Term) *Term {
	if a.IsBool() {
		return AnyOf(a, b)
	}
	return binary(OpOr, a, b)
}

// resize builds a width change.
func resize(op Op, a *Term, width int) *Term {
	mustWidth(width)
	if a.IsBool() {
		panic("expr: width change of a boolean")
	}
	if width == a.Width {
		return a
	}
	if (op == OpTrunc) != (width < a.Width) {
		panic(fmt.Sprintf("expr: %s from %d to %d bits", op, a.Width, width))
	}
	t := &Term{Op: op, Width: width, Args: []*Term{a}}
	if a.IsConst() {
		v, _ := foldConst(t)
		return v
	}
	return t
}

// Trunc64 truncates a 64-bit term to width, or returns it if width is 64.
func Trunc64(a *Term, width int) *Term {
	if width == a.Width {
		return a
	}
	return Trunc(a, width)
}

// ZExt, SExt and Trunc change the width of a bit-vector.
func ZExt(a *Term, width int) *Term { return resize(OpZExt, a, width) }
func SExt(a *Term, width int) *Term { return resize(OpSExt, a, width) }

// Trunc keeps the low bits of a: the operand of an extension back to its
// width, and the low part of a packed pair (zext(lo) | hi<<c, c >= width)
// such as the dim3 halves clang coerces into one 64-bit word.
func Trunc(a *Term, width int) *Term {
	if a.Op == OpZExt || a.Op == OpSExt {
		if inner := a.Args[0]; inner.Width == width {
			return inner
		}
	}
	if lo, _, ok := packed(a, width); ok {
		if lo.Width < width {
			return ZExt(lo, width)
		}
		return lo
	}
	return resize(OpTrunc, a, width)
}

// packed recognises a pair packed into one word, zext(lo) | hi<<c (or
// +), such as the dim3 halves clang coerces into one 64-bit word: lo at
// most c bits wide or a constant below 2^c, hi<<c a shift by exactly c or
// a constant whose low c bits are zero. It returns lo (a constant at
// width c) and hi at the word's width.
func packed(a *Term, c int) (lo, hi *Term, ok bool) {
	if a.Op != OpOr && a.Op != OpAdd || a.IsBool() || c <= 0 || c >= a.Width {
		return nil, nil, false
	}
	for _, pair := range [][2]*Term{{a.Args[0], a.Args[1]}, {a.Args[1], a.Args[0]}} {
		z, s := pair[0], pair[1]
		switch {
		case s.Op == OpShl && s.Args[1].IsConst() && s.Args[1].Value == uint64(c):
			hi = s.Args[0]
		case s.IsConst() && s.Value&Mask(c) == 0:
			hi = Const(s.Value>>uint(c), a.Width)
		default:
			continue
		}
		switch {
		case z.Op == OpZExt && z.Args[0].Width <= c:
			return z.Args[0], hi, true
		case z.IsConst() && z.Value <= Mask(c):
			return Const(z.Value, c), hi, true
		}
	}
	return nil, nil, false
}

// compare builds a comparison.
func compare(op Op, a, b *Term) *Term {
	if a.Width != b.Width || a.IsBool() && op != OpEq && op != OpNe {
		panic(fmt.Sprintf("expr: %s of widths %d and %d", op, a.Width, b.Width))
	}
	t := &Term{Op: op, Width: Bool, Args: []*Term{a, b}}
	if a.IsConst() && b.IsConst() {
		v, _ := foldConst(t)
		return v
	}
	if a == b {
		return BoolConst(op == OpEq || op == OpULe || op == OpSLe)
	}
	return t
}

// Comparisons.
func Eq(a, b *Term) *Term  { return compare(OpEq, a, b) }
func Ne(a, b *Term) *Term  { return compare(OpNe, a, b) }
func ULt(a, b *Term) *Term { return compare(OpULt, a, b) }
func ULe(a, b *Term) *Term { return compare(OpULe, a, b) }
func SLt(a, b *Term) *Term { return compare(OpSLt, a, b) }
func SLe(a, b *Term) *Term { return compare(OpSLe, a, b) }

// Not negates a boolean.
func Not(a *Term) *Term {
	switch {
	case a.IsConst():
		return BoolConst(a.Value == 0)
	case a.Op == OpNot:
		return a.Args[0]
	}
	return &Term{Op: OpNot, Width: Bool, Args: []*Term{a}}
}

// Implies returns a => b.
func Implies(a, b *Term) *Term {
	switch {
	case a.IsTrue():
		return b
	case a.IsFalse() || b.IsTrue():
		return trueTerm
	}
	return &Term{Op: OpImplies, Width: Bool, Args: []*Term{a, b}}
}

// AllOf returns the conjunction of booleans; true if there are none.
func AllOf(terms ...*Term) *Term {
	var args []*Term
	for _, t := range terms {
		switch {
		case t.IsFalse():
			return falseTerm
		case t.IsTrue():
		case t.Op == OpAnd:
			args = append(args, t.Args...)
		default:
			args = append(args, t)
		}
	}
	switch len(args) {
	case 0:
		return trueTerm
	case 1:
		return args[0]
	}
	return &Term{Op: OpAnd, Width: Bool, Args: args}
}

// AnyOf returns the disjunction of booleans; false if there are none.
// Disjunctions among terms are spliced in: the result is flat.
func AnyOf(terms ...*Term) *Term { return anyOf(terms, true) }

// AnyOfShallow returns the disjunction of booleans, as AnyOf does, but
// keeps disjunctions among terms as operands instead of splicing theirs
// in. Rebuilding a large shared term bottom-up with AnyOf copies each
// nested disjunction's operands into every disjunction above it, which
// is quadratic in their depth: relaxing path conditions that nest a
// merge's disjunction in each branch's (solver/relax.go) held 390 MB of
// such copies on hecbench-dev's qtclustering.
func AnyOfShallow(terms ...*Term) *Term { return anyOf(terms, false) }

// anyOf is AnyOf, with disjunctions among terms spliced in if flatten.
func anyOf(terms []*Term, flatten bool) *Term {
	var args []*Term
	for _, t := range terms {
		switch {
		case t.IsTrue():
			return trueTerm
		case t.IsFalse():
		case flatten && t.Op == OpOr:
			args = append(args, t.Args...)
		default:
			args = append(args, t)
		}
	}
	switch len(args) {
	case 0:
		return falseTerm
	case 1:
		return args[0]
	}
	return &Term{Op: OpOr, Width: Bool, Args: args}
}

// Bit returns bit i of x, 0 or 1 in x's width: (x >> i) & 1.
func Bit(x, i *Term) *Term { return And(LShr(x, i), Const(1, x.Width)) }

// Ite returns "if c then a else b".
func Ite(c, a, b *Term) *Term {
	if a.Width != b.Width {
		panic(fmt.Sprintf("expr: ite of widths %d and %d", a.Width, b.Width))
	}
	switch {
	case c.IsTrue() || a == b:
		return a
	case c.IsFalse():
		return b
	}
	if a.IsBool() {
		if a.IsTrue() && b.IsFalse() {
			return c
		}
		if a.IsFalse() && b.IsTrue() {
			return Not(c)
		}
	}
	return &Term{Op: OpIte, Width: a.Width, Args: []*Term{c, a, b}}
}

// ToBool turns a 1-bit vector into a boolean (bit set).
func ToBool(a *Term) *Term {
	if a.IsBool() {
		return a
	}
	if a.Width != 1 {
		panic("expr: ToBool of a wide bit-vector")
	}
	if a.IsConst() {
		return BoolConst(a.Value != 0)
	}
	if a.Op == OpBV {
		return a.Args[0]
	}
	return &Term{Op: OpBool, Width: Bool, Args: []*Term{a}}
}

// ToBV turns a boolean into a 1-bit vector.
func ToBV(a *Term) *Term {
	if !a.IsBool() {
		return a
	}
	if a.IsConst() {
		return Const(a.Value, 1)
	}
	if a.Op == OpBool {
		return a.Args[0]
	}
	return &Term{Op: OpBV, Width: 1, Args: []*Term{a}}
}

// simplify applies identities with a constant operand.
func simplify(t *Term) *Term {
	a, b := t.Args[0], t.Args[1]
	zero := func(x *Term) bool { return x.IsConst() && x.Value == 0 }
	one := func(x *Term) bool { return x.IsConst() && x.Value == 1 }
	switch t.Op {
	case OpAdd, OpOr, OpXor:
		if zero(a) {
			return b
		}
		if zero(b) {
			return a
		}
	case OpSub, OpShl, OpLShr, OpAShr:
		if zero(b) {
			return a
		}
	case OpMul:
		if zero(a) || one(b) {
			return a
		}
		if zero(b) || one(a) {
			return b
		}
	case OpUDiv, OpSDiv:
		if one(b) {
			return a
		}
	case OpAnd:
		if zero(a) {
			return a
		}
		if zero(b) {
			return b
		}
	}
	return t
}
