// This file defines tight widths: the bit-vector encoding of a division,
// remainder or product whose operands a query's assertions bound, at the
// width those bounds need rather than the term's.
//
// A thread index below a block size of at most 1024 fits in 11 bits, and
// so do its quotient and remainder by another such value; but a 32-bit
// udiv is bit-blasted as a 32-bit divider, whose circuit grows with the
// square of the width. lut-gemm's kernels split threadIdx.x by
// blockDim.x / (K/8), and each of their intra-block queries spent over a
// second on four such dividers. Encoded at 11 bits and zero-extended, the
// same value takes a divider a ninth the size.
//
// The rewriting is exact wherever the assertions hold, which every model
// of the query satisfies: the bounds come from its top-level assertions
// (varBounds). They are the query's own, so the translations that use
// them are kept apart from the translator's memo, which serves every
// query of the Solver.

package solver

import (
	"math/big"
	"math/bits"

	"github.com/aclements/go-z3/z3"

	"hgrd/expr"
)

// tightness holds one query's variable bounds and the translations of its
// terms that use them.
type tightness struct {
	bounds map[string]uint64       // see varBounds
	most   map[*expr.Term]uint64   // see upper
	uses   map[*expr.Term]bool     // see tightens
	memo   map[*expr.Term]z3.Value // translations of terms that tighten
}

// newTightness returns the tight widths of a query with the given
// assertions, or nil if they bound no variable.
func newTightness(assertions []*expr.Term) *tightness {
	bounds := varBounds(assertions)
	if len(bounds) == 0 {
		return nil
	}
	return &tightness{bounds: bounds, most: map[*expr.Term]uint64{}, uses: map[*expr.Term]bool{},
		memo: map[*expr.Term]z3.Value{}}
}

// upper returns an upper bound of t's unsigned value wherever the
// assertions hold: a constant's value, a bounded variable's bound, and
// for operations the bound their operands' give when it cannot wrap;
// otherwise the width's largest value.
func (n *tightness) upper(t *expr.Term) uint64 {
	if hi, ok := n.most[t]; ok {
		return hi
	}
	hi := min(n.computeUpper(t), expr.Mask(t.Width))
	n.most[t] = hi
	return hi
}

func (n *tightness) computeUpper(t *expr.Term) uint64 {
	top := expr.Mask(t.Width)
	if t.IsBool() {
		return 1
	}
	arg := func(i int) uint64 { return n.upper(t.Args[i]) }
	switch t.Op {
	case expr.OpConst:
		return t.Value
	case expr.OpVar:
		if hi, ok := n.bounds[t.Name]; ok {
			return hi
		}
	case expr.OpZExt:
		return arg(0)
	case expr.OpSExt:
		if arg(0) < signBit(t.Args[0].Width) {
			return arg(0)
		}
	case expr.OpTrunc:
		return arg(0)
	case expr.OpAdd:
		if sum, carry := bits.Add64(arg(0), arg(1), 0); carry == 0 && sum <= top {
			return sum
		}
	case expr.OpMul:
		if hi, lo := bits.Mul64(arg(0), arg(1)); hi == 0 && lo <= top {
			return lo
		}
	case expr.OpUDiv:
		return n.quotientUpper(t)
	case expr.OpURem:
		return n.remainderUpper(t)
	case expr.OpSDiv:
		if n.nonNegative(t) {
			return n.quotientUpper(t)
		}
	case expr.OpSRem:
		if n.nonNegative(t) {
			return n.remainderUpper(t)
		}
	case expr.OpLShr:
		return arg(0)
	case expr.OpAShr:
		if arg(0) < signBit(t.Width) {
			return arg(0)
		}
	case expr.OpAnd:
		return min(arg(0), arg(1))
	case expr.OpOr, expr.OpXor:
		return fill(max(arg(0), arg(1)))
	case expr.OpIte:
		return max(arg(1), arg(2))
	}
	return top
}

// quotientUpper bounds a's unsigned quotient by b, the operands of t:
// x / 0 is every bit set.
func (n *tightness) quotientUpper(t *expr.Term) uint64 {
	if b := t.Args[1]; nonZero(b) {
		return n.upper(t.Args[0]) / b.Value
	}
	return expr.Mask(t.Width)
}

// remainderUpper bounds a's unsigned remainder by b, the operands of t:
// x % 0 is x.
func (n *tightness) remainderUpper(t *expr.Term) uint64 {
	if b := t.Args[1]; nonZero(b) {
		return min(n.upper(t.Args[0]), b.Value-1)
	}
	return n.upper(t.Args[0])
}

// nonNegative reports whether neither operand of t can be negative,
// where its signed division or remainder is the unsigned one.
func (n *tightness) nonNegative(t *expr.Term) bool {
	return n.upper(t.Args[0]) < signBit(t.Width) && n.upper(t.Args[1]) < signBit(t.Width)
}

// nonZero reports whether t is a nonzero constant.
func nonZero(t *expr.Term) bool { return t.IsConst() && t.Value != 0 }

// signBit returns the value of a width's sign bit.
func signBit(width int) uint64 { return uint64(1) << uint(width-1) }

// fill returns the smallest value of the form 2^k-1 at least v.
func fill(v uint64) uint64 {
	if v == 0 {
		return 0
	}
	return ^uint64(0) >> uint(bits.LeadingZeros64(v))
}

// width returns the width at which t, a division, remainder or product,
// is encoded: the bits its operands' bounds (a product's, its value's)
// need, if fewer than t's; 0 otherwise. A signed division or remainder
// qualifies only if neither operand can be negative, when it is the
// unsigned one.
func (n *tightness) width(t *expr.Term) int {
	if t.IsBool() || len(t.Args) != 2 {
		return 0
	}
	a, b := n.upper(t.Args[0]), n.upper(t.Args[1])
	var need uint64
	switch t.Op {
	case expr.OpMul:
		hi, lo := bits.Mul64(a, b)
		if hi != 0 {
			return 0
		}
		need = lo
	case expr.OpUDiv, expr.OpURem:
		need = max(a, b)
	case expr.OpSDiv, expr.OpSRem:
		if !n.nonNegative(t) {
			return 0
		}
		need = max(a, b)
	default:
		return 0
	}
	w := max(bits.Len64(need), 1)
	if w >= t.Width || t.Args[0].IsConst() && t.Args[1].IsConst() {
		return 0
	}
	return w
}

// tightens reports whether t's translation uses the bounds: t or a term
// under it is encoded at a tight width.
func (n *tightness) tightens(t *expr.Term) bool {
	if uses, ok := n.uses[t]; ok {
		return uses
	}
	uses := n.width(t) > 0
	for _, a := range t.Args {
		if uses {
			break
		}
		uses = n.tightens(a)
	}
	n.uses[t] = uses
	return uses
}

// tightOp translates t, whose width(t) is w, at width w: the operands'
// low w bits, which are all their bits, the operation, and a zero
// extension back to t's width. A division by zero, which would give
// w set bits instead of t.Width, is set apart.
func (tr *translator) tightOp(t *expr.Term, w int) z3.BV {
	a, b := tr.bv(t.Args[0]), tr.bv(t.Args[1])
	x, y := a.Extract(w-1, 0), b.Extract(w-1, 0)
	var r z3.BV
	switch t.Op {
	case expr.OpMul:
		r = x.Mul(y)
	case expr.OpUDiv, expr.OpSDiv:
		r = x.UDiv(y)
	case expr.OpURem, expr.OpSRem:
		r = x.URem(y)
	}
	r = r.ZeroExtend(t.Width - w)
	if t.Op == expr.OpUDiv || t.Op == expr.OpSDiv {
		zero := tr.ctx.FromInt(0, tr.sort(t.Args[1].Width)).(z3.BV)
		ones := tr.ctx.FromBigInt(new(big.Int).SetUint64(expr.Mask(t.Width)), tr.sort(t.Width)).(z3.BV)
		r = b.Eq(zero).IfThenElse(ones, r).(z3.BV)
	}
	return r
}
