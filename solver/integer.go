// This file defines the integer encoding of terms: an exact translation
// of bit-vector semantics into integer arithmetic, which Z3 decides far
// better than bit-blasting when an index multiplies two unknowns
// (row*cols + col with cols a host value).
//
// Each bit-vector term of width w is translated to an integer expression
// whose value is congruent to the term's value modulo 2^w, together with
// an interval that bounds the expression. Addition, subtraction and
// multiplication are then plain integer operations. Where a reading of
// the value is needed (a comparison, an extension, a division), the
// expression is brought into the signed or unsigned range of w: for free
// when its interval already lies there, by one if-then-else when it lies
// in the other range, and otherwise by a wrap variable r with
// e = r + 2^w*k. Wrap variables are memoised by expression, so the
// term a*b and the no-overflow fact of the IR's "mul nsw" about the same
// a and b share one variable, and the fact pins it.

package solver

import (
	"fmt"
	"math/big"
	"math/bits"

	"github.com/aclements/go-z3/z3"

	"hgrd/expr"
)

// An integer is the integer encoding of a bit-vector term: an expression
// congruent to the term's value modulo 2^width, and its bounds.
type integer struct {
	e  z3.Int
	iv interval
}

// A viewKey names one reading of an expression at a width.
type viewKey struct {
	id     uint64 // the expression's Z3 AST id
	width  int
	signed bool
}

// An unsupportedError says a term has no integer encoding here; the
// query is then decided with bit-vectors only.
type unsupportedError struct{ op expr.Op }

func (e *unsupportedError) Error() string {
	return fmt.Sprintf("solver: no integer encoding of %s", e.op)
}

// An intTranslator translates the terms of one query into integer
// arithmetic. Its definitions (ranges of variables, wrap variables) must
// be asserted with the translated assertions.
type intTranslator struct {
	ctx   *z3.Context
	ints  map[*expr.Term]integer
	bools map[*expr.Term]z3.Bool
	views map[viewKey]integer
	funcs map[string]funcEntry
	vars  map[string]integer
	// varOrder lists vars' names in the order they were translated, so
	// that what is asserted of every variable is asserted in an order
	// that is the same on every run.
	varOrder []string
	bounds   map[string]uint64   // unsigned upper bounds below 2^(width-1)
	ranges   map[string]interval // signed readings' ranges the assertions imply (variableRanges)
	signed   map[string]bool     // variables read mostly as signed numbers
	defs     []z3.Bool
	fresh    int
}

// newIntTranslator returns a translator for a query's terms.
func newIntTranslator(ctx *z3.Context, q *Query) *intTranslator {
	return &intTranslator{
		ctx:    ctx,
		ints:   map[*expr.Term]integer{},
		bools:  map[*expr.Term]z3.Bool{},
		views:  map[viewKey]integer{},
		funcs:  map[string]funcEntry{},
		vars:   map[string]integer{},
		bounds: varBounds(q.Assertions),
		ranges: variableRanges(q.Assertions),
		signed: signedVars(q),
	}
}

// lit returns an integer constant.
func (tr *intTranslator) lit(v *big.Int) z3.Int {
	return tr.ctx.FromBigInt(v, tr.ctx.IntSort()).(z3.Int)
}

func (tr *intTranslator) small(v int64) z3.Int { return tr.lit(big.NewInt(v)) }

// pow2 returns 2^n.
func pow2(n int) *big.Int { return new(big.Int).Lsh(big.NewInt(1), uint(n)) }

// bool translates a boolean term.
func (tr *intTranslator) bool(t *expr.Term) z3.Bool {
	if b, ok := tr.bools[t]; ok {
		return b
	}
	if !t.IsBool() {
		panic(termErr(t, "boolean expected"))
	}
	b := tr.translateBool(t)
	tr.bools[t] = b
	return b
}

// integer translates a bit-vector term to its integer encoding.
func (tr *intTranslator) integer(t *expr.Term) integer {
	if x, ok := tr.ints[t]; ok {
		return x
	}
	if t.IsBool() {
		panic(termErr(t, "bit-vector expected"))
	}
	x := tr.translateInt(t)
	tr.ints[t] = x
	return x
}

// view returns t's value read as a signed or unsigned number.
func (tr *intTranslator) view(t *expr.Term, signed bool) integer {
	return tr.viewOf(tr.integer(t), t.Width, signed)
}

// operand returns t's encoding for an arithmetic operation: as it is if
// it lies in one of the width's ranges, else reduced to the signed range,
// so that sums and products stay small.
func (tr *intTranslator) operand(t *expr.Term) integer {
	x := tr.integer(t)
	if x.iv.within(signedRange(t.Width)) || x.iv.within(unsignedRange(t.Width)) {
		return x
	}
	return tr.viewOf(x, t.Width, true)
}

// viewOf brings an encoding into the signed or unsigned range of a width.
func (tr *intTranslator) viewOf(x integer, w int, signed bool) integer {
	r, other := unsignedRange(w), signedRange(w)
	if signed {
		r, other = other, r
	}
	if x.iv.within(r) {
		return x
	}
	mod := pow2(w)
	if x.iv.within(interval{other.lo, r.hi}) || x.iv.within(interval{r.lo, other.hi}) {
		// One step from the other range: shift the values outside r.
		if signed {
			half := tr.lit(pow2(w - 1))
			return integer{x.e.GE(half).IfThenElse(x.e.Sub(tr.lit(mod)), x.e).(z3.Int), r}
		}
		return integer{x.e.LT(tr.small(0)).IfThenElse(x.e.Add(tr.lit(mod)), x.e).(z3.Int), r}
	}
	key := viewKey{x.e.AsAST().ID(), w, signed}
	if v, ok := tr.views[key]; ok {
		return v
	}
	tr.fresh++
	v := tr.ctx.IntConst(fmt.Sprintf("wrap!%d", tr.fresh))
	k := tr.ctx.IntConst(fmt.Sprintf("wraps!%d", tr.fresh))
	counts := wrapCounts(x.iv, mod)
	tr.defs = append(tr.defs,
		tr.lit(r.lo).LE(v), v.LE(tr.lit(r.hi)),
		x.e.Eq(v.Add(k.Mul(tr.lit(mod)))),
		tr.lit(counts.lo).LE(k), k.LE(tr.lit(counts.hi)))
	tr.views[key] = integer{v, r}
	return tr.views[key]
}

// wrapCounts bounds the k of e = r + 2^w*k for e in iv and r in one
// range of w.
func wrapCounts(iv interval, mod *big.Int) interval {
	lo := new(big.Int).Div(iv.lo, mod) // Euclidean: floor for mod > 0
	hi := new(big.Int).Div(iv.hi, mod)
	return interval{lo.Sub(lo, big.NewInt(1)), hi.Add(hi, big.NewInt(1))}
}

// translateBool translates a boolean term.
func (tr *intTranslator) translateBool(t *expr.Term) z3.Bool {
	switch t.Op {
	case expr.OpConst:
		return tr.ctx.FromBool(t.Value != 0)
	case expr.OpVar:
		return tr.ctx.BoolConst(t.Name)
	case expr.OpApply:
		return tr.apply(t).(z3.Bool)
	case expr.OpAnd, expr.OpOr:
		return tr.logical(t)
	case expr.OpNot:
		arity(t, 1)
		return tr.bool(t.Args[0]).Not()
	case expr.OpImplies:
		arity(t, 2)
		return tr.bool(t.Args[0]).Implies(tr.bool(t.Args[1]))
	case expr.OpIte:
		arity(t, 3)
		return tr.bool(t.Args[0]).IfThenElse(tr.bool(t.Args[1]), tr.bool(t.Args[2])).(z3.Bool)
	case expr.OpBool:
		arity(t, 1)
		return tr.view(t.Args[0], false).e.Eq(tr.small(1))
	}
	arity(t, 2)
	a, b := t.Args[0], t.Args[1]
	if a.IsBool() {
		x, y := tr.bool(a), tr.bool(b)
		switch t.Op {
		case expr.OpEq:
			return x.Eq(y)
		case expr.OpNe, expr.OpXor:
			return x.NE(y)
		}
		panic(termErr(t, "%s of booleans", t.Op))
	}
	switch t.Op {
	case expr.OpEq:
		return tr.equal(a, b)
	case expr.OpNe:
		return tr.equal(a, b).Not()
	case expr.OpULt:
		return tr.view(a, false).e.LT(tr.view(b, false).e)
	case expr.OpULe:
		return tr.view(a, false).e.LE(tr.view(b, false).e)
	case expr.OpSLt:
		return tr.view(a, true).e.LT(tr.view(b, true).e)
	case expr.OpSLe:
		return tr.view(a, true).e.LE(tr.view(b, true).e)
	}
	panic(&unsupportedError{t.Op})
}

// equal compares two bit-vectors: their encodings directly when both lie
// in one range of the width, else their signed readings.
func (tr *intTranslator) equal(a, b *expr.Term) z3.Bool {
	x, y := tr.integer(a), tr.integer(b)
	for _, r := range []interval{signedRange(a.Width), unsignedRange(a.Width)} {
		if x.iv.within(r) && y.iv.within(r) {
			return x.e.Eq(y.e)
		}
	}
	return tr.view(a, true).e.Eq(tr.view(b, true).e)
}

// logical translates an n-ary conjunction or disjunction.
func (tr *intTranslator) logical(t *expr.Term) z3.Bool {
	if len(t.Args) == 0 {
		return tr.ctx.FromBool(t.Op == expr.OpAnd)
	}
	rest := make([]z3.Bool, len(t.Args)-1)
	for i, a := range t.Args[1:] {
		rest[i] = tr.bool(a)
	}
	if t.Op == expr.OpAnd {
		return tr.bool(t.Args[0]).And(rest...)
	}
	return tr.bool(t.Args[0]).Or(rest...)
}

// variable returns a bit-vector variable's encoding: an integer in the
// range its bounds allow, else in the range of its usual reading, and
// within the range the assertions imply where that range is narrow and
// one of its reading's values (not negative, or read as signed).
func (tr *intTranslator) variable(t *expr.Term) integer {
	if x, ok := tr.vars[t.Name]; ok {
		return x
	}
	r := unsignedRange(t.Width)
	if hi, ok := tr.bounds[t.Name]; ok {
		r = interval{big.NewInt(0), new(big.Int).SetUint64(hi)}
	} else if tr.signed[t.Name] {
		r = signedRange(t.Width)
	}
	if iv, ok := tr.ranges[t.Name]; ok && (iv.lo.Sign() >= 0 || tr.signed[t.Name]) && narrow(iv) {
		r = intersect(r, iv)
	}
	v := tr.ctx.IntConst(t.Name)
	tr.defs = append(tr.defs, tr.lit(r.lo).LE(v), v.LE(tr.lit(r.hi)))
	x := integer{v, r}
	tr.vars[t.Name] = x
	tr.varOrder = append(tr.varOrder, t.Name)
	return x
}

// narrowRange is the width of the widest range the assertions imply
// (variableRanges) that a variable's encoding is declared within. A
// narrow range, a loop counter's or a fixed host value's, spares the
// products built on the variable their wrap variables; a wide one
// rarely does, and changes Z3's search of products of unknowns
// for no gain: luDecomposition_racy's offset, declared within
// [0, 2^31 - 18] for the question whether the race needs it negative,
// left four proofs of 0.2 s undecided after 2 s each.
const narrowRange = 1 << 16

// narrow reports whether a range is at most narrowRange wide.
func narrow(iv interval) bool {
	return new(big.Int).Sub(iv.hi, iv.lo).Cmp(big.NewInt(narrowRange)) < 0
}

// constant returns a constant's encoding: its value, or its value minus
// 2^w if that is nearer zero (so x + 0xffffffff is x - 1).
func (tr *intTranslator) constant(t *expr.Term) integer {
	v := new(big.Int).SetUint64(t.Value)
	if t.Width > 1 && t.Value >= 1<<uint(t.Width-1) {
		v.Sub(v, pow2(t.Width))
	}
	return integer{tr.lit(v), interval{v, v}}
}

// translateInt translates a bit-vector term.
func (tr *intTranslator) translateInt(t *expr.Term) integer {
	switch t.Op {
	case expr.OpConst:
		return tr.constant(t)
	case expr.OpVar:
		return tr.variable(t)
	case expr.OpApply:
		return integer{tr.apply(t).(z3.Int), unsignedRange(t.Width)}
	case expr.OpZExt:
		arity(t, 1)
		return tr.view(t.Args[0], false)
	case expr.OpSExt:
		arity(t, 1)
		return tr.view(t.Args[0], true)
	case expr.OpTrunc:
		arity(t, 1)
		return tr.integer(t.Args[0])
	case expr.OpIte:
		arity(t, 3)
		x, y := tr.integer(t.Args[1]), tr.integer(t.Args[2])
		return integer{tr.bool(t.Args[0]).IfThenElse(x.e, y.e).(z3.Int), union(x.iv, y.iv)}
	case expr.OpBV:
		arity(t, 1)
		return integer{tr.bool(t.Args[0]).IfThenElse(tr.small(1), tr.small(0)).(z3.Int), unsignedRange(1)}
	case expr.OpAdd, expr.OpSub, expr.OpMul:
		arity(t, 2)
		return tr.arith(t)
	case expr.OpUDiv, expr.OpURem:
		arity(t, 2)
		return tr.unsignedDivision(t)
	case expr.OpSDiv, expr.OpSRem:
		arity(t, 2)
		return tr.signedDivision(t)
	case expr.OpShl, expr.OpLShr, expr.OpAShr:
		arity(t, 2)
		return tr.shift(t)
	case expr.OpAnd, expr.OpOr, expr.OpXor:
		return tr.bitwise(t)
	}
	panic(&unsupportedError{t.Op})
}

// arith translates addition, subtraction and multiplication, exact in
// the integers.
func (tr *intTranslator) arith(t *expr.Term) integer {
	x, y := tr.operand(t.Args[0]), tr.operand(t.Args[1])
	switch t.Op {
	case expr.OpAdd:
		return integer{x.e.Add(y.e), x.iv.plus(y.iv)}
	case expr.OpSub:
		return integer{x.e.Sub(y.e), x.iv.minus(y.iv)}
	}
	return integer{x.e.Mul(y.e), product(x.iv, y.iv)}
}

// unsignedDivision translates udiv and urem, with SMT-LIB's results for a
// zero divisor (all ones, and the dividend).
func (tr *intTranslator) unsignedDivision(t *expr.Term) integer {
	x, y := tr.view(t.Args[0], false), tr.view(t.Args[1], false)
	full := unsignedRange(t.Width)
	if c := t.Args[1]; c.IsConst() && c.Value != 0 {
		d := new(big.Int).SetUint64(c.Value)
		if t.Op == expr.OpUDiv {
			return integer{x.e.Div(tr.lit(d)), interval{new(big.Int).Div(x.iv.lo, d), new(big.Int).Div(x.iv.hi, d)}}
		}
		return integer{x.e.Mod(tr.lit(d)), interval{big.NewInt(0), new(big.Int).Sub(d, big.NewInt(1))}}
	}
	zero := y.e.Eq(tr.small(0))
	if t.Op == expr.OpUDiv {
		return integer{zero.IfThenElse(tr.lit(full.hi), x.e.Div(y.e)).(z3.Int), full}
	}
	return integer{zero.IfThenElse(x.e, x.e.Mod(y.e)).(z3.Int), full}
}

// signedDivision translates sdiv and srem: truncating, with SMT-LIB's
// results for a zero divisor. Z3's div and mod are Euclidean, which is
// truncation for a non-negative dividend; a negative one is negated.
func (tr *intTranslator) signedDivision(t *expr.Term) integer {
	x, y := tr.view(t.Args[0], true), tr.view(t.Args[1], true)
	zero := tr.small(0)
	neg := x.e.LT(zero)
	r := signedRange(t.Width)
	iv := interval{r.lo, new(big.Int).Add(r.hi, big.NewInt(1))} // MIN / -1
	if t.Op == expr.OpSDiv {
		q := neg.IfThenElse(x.e.Neg().Div(y.e).Neg(), x.e.Div(y.e)).(z3.Int)
		byZero := neg.IfThenElse(tr.small(1), tr.small(-1)).(z3.Int)
		return integer{y.e.Eq(zero).IfThenElse(byZero, q).(z3.Int), iv}
	}
	m := neg.IfThenElse(x.e.Neg().Mod(y.e).Neg(), x.e.Mod(y.e)).(z3.Int)
	return integer{y.e.Eq(zero).IfThenElse(x.e, m).(z3.Int), r}
}

// shift translates shifts: by a constant, a multiplication or division by
// a power of two; by a variable, a choice among the w possible amounts.
func (tr *intTranslator) shift(t *expr.Term) integer {
	w := t.Width
	at := func(n int) integer {
		switch {
		case n >= w && t.Op == expr.OpAShr:
			n = w - 1
		case n >= w:
			return integer{tr.small(0), interval{big.NewInt(0), big.NewInt(0)}}
		}
		p := pow2(n)
		switch t.Op {
		case expr.OpShl:
			x := tr.operand(t.Args[0])
			return integer{x.e.Mul(tr.lit(p)), product(x.iv, interval{p, p})}
		case expr.OpLShr:
			x := tr.view(t.Args[0], false)
			return integer{x.e.Div(tr.lit(p)), interval{new(big.Int).Div(x.iv.lo, p), new(big.Int).Div(x.iv.hi, p)}}
		}
		x := tr.view(t.Args[0], true)
		return integer{x.e.Div(tr.lit(p)), signedRange(w)}
	}
	if c := t.Args[1]; c.IsConst() {
		return at(int(min(c.Value, uint64(w))))
	}
	amount := tr.view(t.Args[1], false)
	result := at(w)
	for n := w - 1; n >= 0; n-- {
		x := at(n)
		result = integer{amount.e.Eq(tr.small(int64(n))).IfThenElse(x.e, result.e).(z3.Int), union(x.iv, result.iv)}
	}
	return result
}

// bitwise translates and, or and xor on bit-vectors: a mask of low bits
// is a remainder; anything else works bit by bit.
func (tr *intTranslator) bitwise(t *expr.Term) integer {
	if lowBitsMask(t) {
		for i, c := range t.Args {
			if isLowBits(c) {
				return tr.viewOf(tr.integer(t.Args[1-i]), bits.Len64(c.Value), false)
			}
		}
	}
	operands := make([][]z3.Int, len(t.Args))
	for i, a := range t.Args {
		operands[i] = tr.bits(a)
	}
	one, zero := tr.small(1), tr.small(0)
	sum := zero
	for i := 0; i < t.Width; i++ {
		bit := operands[0][i]
		for _, o := range operands[1:] {
			switch t.Op {
			case expr.OpAnd:
				bit = bit.Eq(one).And(o[i].Eq(one)).IfThenElse(one, zero).(z3.Int)
			case expr.OpOr:
				bit = bit.Eq(one).Or(o[i].Eq(one)).IfThenElse(one, zero).(z3.Int)
			default:
				bit = bit.NE(o[i]).IfThenElse(one, zero).(z3.Int)
			}
		}
		sum = sum.Add(bit.Mul(tr.lit(pow2(i))))
	}
	return integer{sum, unsignedRange(t.Width)}
}

// lowBitsMask reports whether t is a bit-wise and of a value with a
// constant of low bits (x & 0xff), which the integer encoding reads as x
// modulo a power of two.
func lowBitsMask(t *expr.Term) bool {
	return t.Op == expr.OpAnd && len(t.Args) == 2 && (isLowBits(t.Args[0]) || isLowBits(t.Args[1]))
}

// isLowBits reports whether t is a non-zero constant of low bits only.
func isLowBits(t *expr.Term) bool {
	return t.IsConst() && t.Value != 0 && t.Value&(t.Value+1) == 0
}

// bits returns the bits of t's unsigned value, least significant first,
// as 0/1 integers.
func (tr *intTranslator) bits(t *expr.Term) []z3.Int {
	if t.IsConst() {
		out := make([]z3.Int, t.Width)
		for i := range out {
			out[i] = tr.small(int64(t.Value >> uint(i) & 1))
		}
		return out
	}
	u := tr.view(t, false)
	tr.fresh++
	out := make([]z3.Int, t.Width)
	sum := tr.small(0)
	for i := range out {
		b := tr.ctx.IntConst(fmt.Sprintf("bit!%d!%d", tr.fresh, i))
		tr.defs = append(tr.defs, tr.small(0).LE(b), b.LE(tr.small(1)))
		sum = sum.Add(b.Mul(tr.lit(pow2(i))))
		out[i] = b
	}
	tr.defs = append(tr.defs, u.e.Eq(sum))
	return out
}

// apply translates an uninterpreted function over the unsigned readings
// of its arguments, with a result in its unsigned range.
func (tr *intTranslator) apply(t *expr.Term) z3.Value {
	args := make([]z3.Value, len(t.Args))
	domain := make([]z3.Sort, len(t.Args))
	for i, a := range t.Args {
		if a.IsBool() {
			args[i], domain[i] = tr.bool(a), tr.ctx.BoolSort()
		} else {
			args[i], domain[i] = tr.view(a, false).e, tr.ctx.IntSort()
		}
	}
	sig := signature(t)
	f, ok := tr.funcs[t.Name]
	if !ok {
		result := tr.ctx.IntSort()
		if t.IsBool() {
			result = tr.ctx.BoolSort()
		}
		f = funcEntry{tr.ctx.FuncDecl("int!"+t.Name, domain, result), sig}
		tr.funcs[t.Name] = f
	} else if f.sig != sig {
		panic(termErr(t, "function %s used as %s and as %s", t.Name, f.sig, sig))
	}
	v := f.decl.Apply(args...)
	if i, ok := v.(z3.Int); ok {
		r := unsignedRange(t.Width)
		tr.defs = append(tr.defs, tr.lit(r.lo).LE(i), i.LE(tr.lit(r.hi)))
	}
	return v
}

// signedVars returns the variables that the query reads as signed
// numbers more often than as unsigned ones; they are encoded in the
// signed range, the others in the unsigned one.
func signedVars(q *Query) map[string]bool {
	votes := map[string]int{}
	var terms expr.Inspector
	visit := func(t *expr.Term) bool {
		for _, a := range t.Args {
			if a.Op == expr.OpVar {
				switch t.Op {
				case expr.OpSExt, expr.OpSLt, expr.OpSLe, expr.OpSDiv, expr.OpSRem, expr.OpAShr:
					votes[a.Name]++
				case expr.OpZExt, expr.OpULt, expr.OpULe, expr.OpUDiv, expr.OpURem, expr.OpLShr:
					votes[a.Name]--
				}
			}
		}
		return true
	}
	for _, group := range [][]*expr.Term{q.Assertions, q.Observe} {
		for _, t := range group {
			terms.Inspect(t, visit)
		}
	}
	signed := map[string]bool{}
	for name, v := range votes {
		if v > 0 {
			signed[name] = true
		}
	}
	return signed
}
