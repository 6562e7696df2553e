// This file defines the translation of phi nodes: merges of branches, and
// loop variables at loop headers.

package kernelanalysis

import (
	"fmt"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/value"

	"hgrd/cuda"
	"hgrd/expr"
)

// phi translates a phi node.
func (a *analyzer) phi(v *ir.InstPhi, w int) *expr.Term {
	b := a.g.where[v]
	if l := a.g.loopOf[b]; l != nil && l.Header == b {
		return a.headerPhi(v, l, w)
	}
	return a.mergePhi(v, b, w)
}

// mergePhi translates a phi that merges branches: the value of the edge
// that was taken. Edges are exclusive, so the last needs no test.
func (a *analyzer) mergePhi(v *ir.InstPhi, b *ir.Block, w int) *expr.Term {
	var t *expr.Term
	for i := len(v.Incs) - 1; i >= 0; i-- {
		inc := v.Incs[i]
		pred := asBlock(inc.Pred)
		if _, reachable := a.g.order[pred]; !reachable {
			continue
		}
		x := a.term(inc.X)
		if t == nil {
			t = x
			continue
		}
		t = expr.Ite(a.edgeTaken(pred, b), x, t)
	}
	if t == nil {
		return a.freshVar("phi", w)
	}
	return t
}

// headerPhi translates a loop variable. An affine one (x = init + k*step
// with a step the loop does not change) is a function of the iteration
// count k; any other that is the same for all threads of a block is an
// uninterpreted function of the block and of the iteration counts of its
// loops, so that threads in the same iteration see the same value; the
// rest are unknown per thread.
func (a *analyzer) headerPhi(v *ir.InstPhi, l *Loop, w int) *expr.Term {
	if a.pending[v] {
		return a.freshVar("phi", w)
	}
	a.pending[v] = true
	defer delete(a.pending, v)
	init := a.loopEntryValue(v, l, w)
	if step, ok := a.affineStep(v, l); ok && !init.IsBool() {
		return a.affine(v, init, step, l)
	}
	if t := a.geometric(v, init, l); t != nil {
		return t
	}
	if !a.divergent[v] {
		args := []*expr.Term{BlockIdx(0), BlockIdx(1), BlockIdx(2)}
		for _, outer := range reverse(a.g.loopsOf(l.Header)) {
			args = append(args, Iteration(outer))
		}
		return expr.Apply(fmt.Sprintf("phi.%s.L%d", phiName(v), l.ID), w, args...)
	}
	return a.freshVar("phi", w)
}

// geometric recognises x' = x >> c, x << c, x / 2^c and x * 2^c with a
// constant c on every back edge: then x = init >> c*k (or << c*k), which
// covers tree reductions' strides.
func (a *analyzer) geometric(v *ir.InstPhi, init *expr.Term, l *Loop) *expr.Term {
	next := a.backEdgeValue(v, l)
	if next == nil || init.IsBool() {
		return nil
	}
	x, y, _, _, ok := binaryInst(asInst(next))
	if !ok || x != value.Value(v) {
		return nil
	}
	c, isConst := y.(*constant.Int)
	if !isConst || c.X.Sign() <= 0 {
		return nil
	}
	shift, op := int64(0), expr.OpShl
	switch next.(type) {
	case *ir.InstLShr:
		shift, op = c.X.Int64(), expr.OpLShr
	case *ir.InstAShr:
		shift, op = c.X.Int64(), expr.OpAShr
	case *ir.InstShl:
		shift = c.X.Int64()
	case *ir.InstUDiv, *ir.InstMul:
		n := c.X.Uint64()
		if n&(n-1) != 0 {
			return nil
		}
		for n > 1 {
			n >>= 1
			shift++
		}
		if _, div := next.(*ir.InstUDiv); div {
			op = expr.OpLShr
		}
	default:
		return nil
	}
	return repeatedShift(init, op, shift, Iteration(l))
}

// repeatedShift returns x shifted k times by c: by c*k at once, where a
// total of the width or more leaves 0 (or, for an arithmetic shift, the
// sign) as repeated shifts do.
func repeatedShift(x *expr.Term, op expr.Op, c int64, k *expr.Term) *expr.Term {
	w := x.Width
	amount := expr.Mul(expr.ZExt(k, 64), expr.Const(uint64(c), 64))
	shift := map[expr.Op]func(a, b *expr.Term) *expr.Term{
		expr.OpShl: expr.Shl, expr.OpLShr: expr.LShr, expr.OpAShr: expr.AShr}[op]
	if op == expr.OpAShr {
		// Saturates at the sign: shifting by w-1 or more is the same.
		limit := expr.Const(uint64(w-1), 64)
		return shift(x, expr.Trunc64(expr.Ite(expr.ULt(amount, limit), amount, limit), w))
	}
	inRange := expr.ULt(amount, expr.Const(uint64(w), 64))
	return expr.Ite(inRange, shift(x, expr.Trunc64(amount, w)), expr.Const(0, w))
}

// backEdgeValue returns the single value a header phi takes on every back
// edge, or nil.
func (a *analyzer) backEdgeValue(v *ir.InstPhi, l *Loop) value.Value {
	var next value.Value
	for _, inc := range v.Incs {
		if !l.Contains(asBlock(inc.Pred)) {
			continue
		}
		if next != nil && next != inc.X {
			return nil
		}
		next = inc.X
	}
	return next
}

// loopEntryValue returns the value a header phi has when the loop is
// entered from outside.
func (a *analyzer) loopEntryValue(v *ir.InstPhi, l *Loop, w int) *expr.Term {
	var t *expr.Term
	for _, inc := range v.Incs {
		pred := asBlock(inc.Pred)
		if _, reachable := a.g.order[pred]; !reachable || l.Contains(pred) {
			continue
		}
		x := a.term(inc.X)
		if t == nil {
			t = x
		} else {
			t = expr.Ite(a.edgeTaken(pred, l.Header), x, t)
		}
	}
	if t == nil {
		return a.freshVar("phi", w)
	}
	return t
}

// affineStep recognises x' = x + step (or x - step) on every back edge,
// with step defined outside the loop.
func (a *analyzer) affineStep(v *ir.InstPhi, l *Loop) (step *expr.Term, ok bool) {
	var next value.Value
	for _, inc := range v.Incs {
		if !l.Contains(asBlock(inc.Pred)) {
			continue
		}
		if next != nil && next != inc.X {
			return nil, false
		}
		next = inc.X
	}
	x, y, _, _, isBinary := binaryInst(asInst(next))
	if !isBinary {
		return nil, false
	}
	switch next.(type) {
	case *ir.InstAdd:
		if x == value.Value(v) && a.invariant(y, l) {
			return a.term(y), true
		}
		if y == value.Value(v) && a.invariant(x, l) {
			return a.term(x), true
		}
	case *ir.InstSub:
		if x == value.Value(v) && a.invariant(y, l) {
			s := a.term(y)
			return expr.Sub(expr.Const(0, s.Width), s), true
		}
	}
	return nil, false
}

// affine returns init + k*step for the loop's iteration count k. Loop
// counters are assumed not to wrap around: computed in 64 bits, the value
// stays in the range of its type, signed or unsigned as the loop compares
// it (a witness that needs a counter to wrap is not reported).
func (a *analyzer) affine(v *ir.InstPhi, init, step *expr.Term, l *Loop) *expr.Term {
	w := init.Width
	k := Iteration(l)
	var kw *expr.Term
	if w >= 32 {
		kw = expr.ZExt(k, w)
	} else {
		kw = expr.Trunc(k, w)
	}
	t := expr.Add(init, expr.Mul(kw, step))
	if w <= 32 {
		signed := a.comparedSigned(v, l)
		ext := expr.ZExt
		if signed {
			ext = expr.SExt
		}
		wide := expr.Add(ext(init, 64), expr.Mul(expr.ZExt(k, 64), expr.SExt(step, 64)))
		a.addFact(t, expr.Eq(ext(expr.Trunc(wide, w), 64), wide), l.Header)
	}
	return t
}

// comparedSigned reports whether the loop compares its counter (or the
// counter's next value) as a signed number.
func (a *analyzer) comparedSigned(v *ir.InstPhi, l *Loop) bool {
	for _, b := range a.g.blocks {
		if !l.Contains(b) {
			continue
		}
		for _, inst := range b.Insts {
			cmp, ok := inst.(*ir.InstICmp)
			if !ok || !a.usesCounter(cmp, v) {
				continue
			}
			switch cmp.Pred {
			case enum.IPredSLT, enum.IPredSLE, enum.IPredSGT, enum.IPredSGE:
				return true
			case enum.IPredULT, enum.IPredULE, enum.IPredUGT, enum.IPredUGE:
				return false
			}
		}
	}
	return false
}

// usesCounter reports whether a comparison reads the counter v or a value
// one step from it.
func (a *analyzer) usesCounter(cmp *ir.InstICmp, v *ir.InstPhi) bool {
	for _, op := range []value.Value{cmp.X, cmp.Y} {
		if op == value.Value(v) {
			return true
		}
		if x, y, _, _, ok := binaryInst(asInst(op)); ok && (x == value.Value(v) || y == value.Value(v)) {
			return true
		}
	}
	return false
}

// invariant reports whether a value is the same in every iteration of l:
// defined outside it, or computed inside it only from invariant values
// and special registers (clang re-reads blockDim in every iteration).
func (a *analyzer) invariant(v value.Value, l *Loop) bool {
	inst, ok := v.(ir.Instruction)
	if !ok {
		return true
	}
	b, ok := a.g.where[inst]
	if !ok || !l.Contains(b) {
		return true
	}
	switch i := inst.(type) {
	case *ir.InstCall:
		return cuda.LookupCall(calleeName(i)).Kind == cuda.SpecialReg
	case *ir.InstPhi, *ir.InstLoad, *ir.InstAlloca, *ir.InstAtomicRMW, *ir.InstCmpXchg:
		return false
	}
	return a.allInvariant(operands(inst), l)
}

// asInst returns v as an instruction, or nil.
func asInst(v value.Value) ir.Instruction {
	inst, _ := v.(ir.Instruction)
	return inst
}

func phiName(v *ir.InstPhi) string {
	if v.LocalName != "" {
		return v.LocalName
	}
	return fmt.Sprint(v.LocalID)
}

func reverse(ls []*Loop) []*Loop {
	r := make([]*Loop, len(ls))
	for i, l := range ls {
		r[len(ls)-1-i] = l
	}
	return r
}

// phiPointer resolves a pointer phi: a merge of branches chooses between
// the incoming pointers; a loop pointer advanced by a constant-stride
// getelementptr is affine in the iteration count; any other loop pointer
// keeps its objects with unknown offsets.
func (a *analyzer) phiPointer(v *ir.InstPhi) pointer {
	b := a.g.where[v]
	l := a.g.loopOf[b]
	if l == nil || l.Header != b {
		var p pointer
		for i := len(v.Incs) - 1; i >= 0; i-- {
			pred := asBlock(v.Incs[i].Pred)
			if _, reachable := a.g.order[pred]; !reachable {
				continue
			}
			x := a.pointerOf(v.Incs[i].X)
			if p == nil {
				p = x
			} else {
				p = choose(a.edgeTaken(pred, b), x, p)
			}
		}
		return p
	}
	return a.loopPointer(v, l)
}

// loopPointer resolves a pointer phi at a loop header.
func (a *analyzer) loopPointer(v *ir.InstPhi, l *Loop) pointer {
	var entry, next []value.Value
	for _, inc := range v.Incs {
		if l.Contains(asBlock(inc.Pred)) {
			next = append(next, inc.X)
		} else {
			entry = append(entry, inc.X)
		}
	}
	a.ptrs[v] = a.unknownOffsets(v) // a recursive use sees unknown offsets
	if len(entry) == 1 && len(next) == 1 {
		if g, ok := next[0].(*ir.InstGetElementPtr); ok && g.Src == value.Value(v) && a.allInvariant(g.Indices, l) {
			if delta, ok := a.gepOffset(g.ElemType, g.Indices); ok {
				k := expr.ZExt(Iteration(l), 64)
				return a.pointerOf(entry[0]).mapOffsets(func(off *expr.Term) *expr.Term {
					return expr.Add(off, expr.Mul(k, delta))
				})
			}
		}
	}
	return a.unknownOffsets(v)
}

// unknownOffsets returns the objects a pointer may point into, each at an
// unknown offset.
func (a *analyzer) unknownOffsets(v value.Value) pointer {
	var p pointer
	seen := map[*Object]bool{}
	for _, o := range a.objectsOf(v, map[value.Value]bool{}) {
		if !seen[o] {
			seen[o] = true
			p = append(p, target{o, a.freshVar("off", 64), expr.True()})
		}
	}
	return p
}

func (a *analyzer) allInvariant(vs []value.Value, l *Loop) bool {
	for _, v := range vs {
		if !a.invariant(v, l) {
			return false
		}
	}
	return true
}
