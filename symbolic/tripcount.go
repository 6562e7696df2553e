// This file defines the trip count of a counted loop: how many
// iterations it runs, as a term, when its only exit is its header's test
// of a counter against a bound the loop does not change. A pointer or
// index that an inner loop advances by a constant step is, after the
// loop, advanced by the trip count times the step; if the trip count is
// the same in every iteration of an enclosing loop, the value is affine
// in that loop too (im2col's data_col_ptr += height_col * width_col in
// the loops over the kernel's rows and columns).

package symbolic

import (
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/value"

	"hgrd/expr"
)

// TripCount returns the number of iterations loop l runs each time it is
// entered, as a 64-bit term (the difference of two 32-bit bounds may not
// fit in 32 bits), the same in every iteration of the enclosing loop
// outer; false if l is not a counted loop: a header phi c = c0 + k
// stepped by 1, a header whose branch stays while c < n or c <= n
// (signed or unsigned, either operand order; c <= n with counters
// narrower than 64 bits), c0 and n the same in every iteration of outer,
// and no other exit. The count is n - c0 if c0 < n, else 0, with n + 1
// for n if the test is c <= n. (Loop counters do not wrap, as affine
// assumes.)
func (e *Evaluator) TripCount(l, outer *Loop) (*expr.Term, bool) {
	if !e.onlyHeaderExits(l) {
		return nil, false
	}
	br, ok := l.Header.Term.(*ir.TermCondBr)
	if !ok {
		return nil, false
	}
	cmp, ok := br.Cond.(*ir.InstICmp)
	if !ok || e.G.Where[cmp] != l.Header {
		return nil, false
	}
	inTrue, inFalse := l.Contains(AsBlock(br.TargetTrue)), l.Contains(AsBlock(br.TargetFalse))
	if inTrue == inFalse {
		return nil, false
	}
	x, y, signed, inclusive, ok := stayBelow(cmp, inTrue)
	if !ok {
		return nil, false
	}
	c, ok := x.(*ir.InstPhi)
	if !ok || e.G.Where[c] != l.Header || !e.Invariant(y, outer) {
		return nil, false
	}
	entry := e.entryValues(c, l)
	if len(entry) != 1 || !e.Invariant(entry[0], outer) {
		return nil, false
	}
	step, ok := e.affineStep(c, l)
	if !ok || !step.IsConst() || step.Value != 1 {
		return nil, false
	}
	init, bound := e.Term(entry[0]), e.Term(y)
	if init.IsBool() || init.Width != bound.Width || inclusive && init.Width == expr.MaxWidth {
		return nil, false
	}
	widen := expr.ZExt
	if signed {
		widen = expr.SExt
	}
	if init.Width < 64 {
		init, bound = widen(init, 64), widen(bound, 64)
	}
	if inclusive {
		bound = expr.Add(bound, expr.Const(1, 64)) // a narrower bound, widened: no wrap
	}
	less := expr.SLt(init, bound)
	if !signed {
		less = expr.ULt(init, bound)
	}
	return expr.Ite(less, expr.Sub(bound, init), expr.Const(0, 64)), true
}

// onlyHeaderExits reports whether every edge out of l leaves from its
// header.
func (e *Evaluator) onlyHeaderExits(l *Loop) bool {
	for b := range l.Blocks {
		if b == l.Header {
			continue
		}
		for _, s := range e.G.Succs[b] {
			if !l.Contains(s) {
				return false
			}
		}
		if _, ok := b.Term.(*ir.TermRet); ok {
			return false
		}
		if _, ok := b.Term.(*ir.TermUnreachable); ok {
			return false
		}
	}
	return true
}

// InnerCountedLoop returns, for a header phi v of loop l whose back edge
// carries the header phi u of a loop directly inside l, u, that inner
// loop and its trip count, when the inner loop enters with v alone and
// runs the same count of iterations in every iteration of outer, l or a
// loop around it (TripCount). u's value at l's latch is then its value
// when the inner loop exits: u is defined in the inner loop's header,
// which every path to the latch passes, and the loop leaves only from
// there.
func (e *Evaluator) InnerCountedLoop(v *ir.InstPhi, l, outer *Loop) (u *ir.InstPhi, inner *Loop, trip *expr.Term, ok bool) {
	u, ok = e.BackEdgeValue(v, l).(*ir.InstPhi)
	if !ok {
		return nil, nil, nil, false
	}
	b := e.G.Where[u]
	inner = e.G.LoopOf[b]
	if inner == nil || inner.Header != b || inner.Parent != l {
		return nil, nil, nil, false
	}
	if entry := e.entryValues(u, inner); len(entry) != 1 || entry[0] != value.Value(v) {
		return nil, nil, nil, false
	}
	trip, ok = e.TripCount(inner, outer)
	return u, inner, trip, ok
}

// entryValues returns the values a header phi of l takes on the edges
// that enter l.
func (e *Evaluator) entryValues(v *ir.InstPhi, l *Loop) []value.Value {
	var out []value.Value
	for _, inc := range v.Incs {
		if !l.Contains(AsBlock(inc.Pred)) {
			out = append(out, inc.X)
		}
	}
	return out
}

// stayBelow reads the comparison of a loop's header whose true edge
// (inTrue) or false edge stays in the loop as "stay while x < y", or
// "x <= y" if inclusive: x and y, and whether the comparison is signed;
// false for any other test.
func stayBelow(cmp *ir.InstICmp, inTrue bool) (x, y value.Value, signed, inclusive, ok bool) {
	p := cmp.Pred
	if !inTrue {
		p = negated(p)
	}
	switch p {
	case enum.IPredSLT, enum.IPredULT:
		return cmp.X, cmp.Y, p == enum.IPredSLT, false, true
	case enum.IPredSGT, enum.IPredUGT:
		return cmp.Y, cmp.X, p == enum.IPredSGT, false, true
	case enum.IPredSLE, enum.IPredULE:
		return cmp.X, cmp.Y, p == enum.IPredSLE, true, true
	case enum.IPredSGE, enum.IPredUGE:
		return cmp.Y, cmp.X, p == enum.IPredSGE, true, true
	}
	return nil, nil, false, false, false
}

// negated returns the ordering predicate of the negated comparison, or p
// itself for any other.
func negated(p enum.IPred) enum.IPred {
	switch p {
	case enum.IPredSLT:
		return enum.IPredSGE
	case enum.IPredSGE:
		return enum.IPredSLT
	case enum.IPredSLE:
		return enum.IPredSGT
	case enum.IPredSGT:
		return enum.IPredSLE
	case enum.IPredULT:
		return enum.IPredUGE
	case enum.IPredUGE:
		return enum.IPredULT
	case enum.IPredULE:
		return enum.IPredUGT
	case enum.IPredUGT:
		return enum.IPredULE
	}
	return p
}
