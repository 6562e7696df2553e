// This file defines the translation of phi nodes: merges of branches, and
// loop variables at loop headers.

package symbolic

import (
	"fmt"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/value"

	"hgrd/expr"
)

// phi translates a phi node.
func (e *Evaluator) phi(v *ir.InstPhi, w int) *expr.Term {
	b := e.G.Where[v]
	if l := e.G.LoopOf[b]; l != nil && l.Header == b {
		return e.headerPhi(v, l, w)
	}
	return e.mergePhi(v, b, w)
}

// mergePhi translates a phi that merges branches: the value of the edge
// that was taken. Edges are exclusive, so the last needs no test. A phi's
// value is only ever used where its block has run, and so its immediate
// dominator: each edge's condition is taken from there, over the branches
// that decide which edge leads in, not over every branch from the
// function's entry (a loader's checks of its input before the rounding
// whose two results merge).
func (e *Evaluator) mergePhi(v *ir.InstPhi, b *ir.Block, w int) *expr.Term {
	root := e.G.IDom[b]
	if root == nil {
		root = e.G.Blocks[0]
	}
	var t *expr.Term
	for i := len(v.Incs) - 1; i >= 0; i-- {
		inc := v.Incs[i]
		pred := AsBlock(inc.Pred)
		if _, reachable := e.G.Order[pred]; !reachable {
			continue
		}
		x := e.Term(inc.X)
		if t == nil {
			t = x
			continue
		}
		t = expr.Ite(e.edgeTakenFrom(root, pred, b), x, t)
	}
	if t == nil {
		return e.Fresh(v, "phi", w)
	}
	return t
}

// headerPhi translates a loop variable. An affine one (x = init + k*step
// with a step the loop does not change) is a function of the iteration
// count k; any other that is the same for all threads of a block is an
// uninterpreted function of the block and of the iteration counts of its
// loops, so that threads in the same iteration see the same value; the
// rest are unknown per thread (for the host, bound by the invariant
// every value they can take satisfies: invariant.go).
func (e *Evaluator) headerPhi(v *ir.InstPhi, l *Loop, w int) *expr.Term {
	if e.pending[v] {
		return e.Fresh(v, "phi", w)
	}
	e.pending[v] = true
	defer delete(e.pending, v)
	init := e.loopEntryValue(v, l, w)
	if step, ok := e.affineStep(v, l); ok && !init.IsBool() {
		return e.affine(v, init, step, l)
	}
	if !e.InferInvariants && !init.IsBool() {
		if step, ok := e.innerLoopStep(v, l, l); ok && step.Width == init.Width {
			return e.affine(v, init, step, l)
		}
	}
	if t := e.geometric(v, init, l); t != nil {
		return t
	}
	if t := e.hooks.UniformLoopValue(v, l, w); t != nil {
		return t
	}
	x := e.Fresh(v, "phi", w)
	e.loopValues[x.Name] = l
	if e.InferInvariants && !x.IsBool() {
		e.unbounded[x.Name] = loopVariable{v, l}
	}
	return x
}

// geometric recognises x' = x >> c, x << c, x / 2^c and x * 2^c with a
// constant c on every back edge: then x = init >> c*k (or << c*k), which
// covers tree reductions' strides.
func (e *Evaluator) geometric(v *ir.InstPhi, init *expr.Term, l *Loop) *expr.Term {
	next := e.BackEdgeValue(v, l)
	if next == nil || init.IsBool() {
		return nil
	}
	x, y, _, _, ok := BinaryInst(AsInst(next))
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
	return repeatedShift(init, op, shift, e.hooks.Iteration(l))
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

// BackEdgeValue returns the single value a header phi takes on every back
// edge, or nil.
func (e *Evaluator) BackEdgeValue(v *ir.InstPhi, l *Loop) value.Value {
	var next value.Value
	for _, inc := range v.Incs {
		if !l.Contains(AsBlock(inc.Pred)) {
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
func (e *Evaluator) loopEntryValue(v *ir.InstPhi, l *Loop, w int) *expr.Term {
	var t *expr.Term
	for _, inc := range v.Incs {
		pred := AsBlock(inc.Pred)
		if _, reachable := e.G.Order[pred]; !reachable || l.Contains(pred) {
			continue
		}
		x := e.Term(inc.X)
		if t == nil {
			t = x
		} else {
			t = expr.Ite(e.EdgeTaken(pred, l.Header), x, t)
		}
	}
	if t == nil {
		return e.Fresh(v, "phi", w)
	}
	return t
}

// affineStep recognises x' = x + step (or x - step) on every back edge,
// with step defined outside the loop.
func (e *Evaluator) affineStep(v *ir.InstPhi, l *Loop) (step *expr.Term, ok bool) {
	return e.affineStepIn(v, l, l)
}

// affineStepIn is affineStep with a step the same in every iteration of
// outer, l or a loop around it.
func (e *Evaluator) affineStepIn(v *ir.InstPhi, l, outer *Loop) (step *expr.Term, ok bool) {
	next := e.BackEdgeValue(v, l)
	x, y, _, _, isBinary := BinaryInst(AsInst(next))
	if !isBinary {
		return nil, false
	}
	switch next.(type) {
	case *ir.InstAdd:
		if x == value.Value(v) && e.Invariant(y, outer) {
			return e.Term(y), true
		}
		if y == value.Value(v) && e.Invariant(x, outer) {
			return e.Term(x), true
		}
	case *ir.InstSub:
		if x == value.Value(v) && e.Invariant(y, outer) {
			s := e.Term(y)
			return expr.Sub(expr.Const(0, s.Width), s), true
		}
	}
	return nil, false
}

// innerLoopStep recognises x' = the value at which a counted inner loop
// leaves x, when that loop enters with x and advances it by a step in
// each iteration (InnerCountedLoop): x then advances by the inner loop's
// trip count times that step in each iteration of l, if both are the
// same in every iteration of outer (l or a loop around it). The inner
// loop's step may itself be an innermost loop's (an index that a thread
// advances by one in the loops over a volume's planes, rows and
// columns). headerPhi reads only kernels' variables so: the host's keep
// their invariants (invariant.go), with which the instances of host
// stores (hostanalysis's contents) stay linear, where a product of trip
// counts in the stored index left box_offsets_racy's search for a
// witness within its allocations undecided.
func (e *Evaluator) innerLoopStep(v *ir.InstPhi, l, outer *Loop) (*expr.Term, bool) {
	u, inner, trip, ok := e.InnerCountedLoop(v, l, outer)
	if !ok {
		return nil, false
	}
	step, ok := e.affineStepIn(u, inner, outer)
	if !ok {
		step, ok = e.innerLoopStep(u, inner, outer)
	}
	if !ok {
		return nil, false
	}
	return expr.Mul(expr.Trunc64(trip, step.Width), step), true
}

// affine returns init + k*step for the loop's iteration count k. Loop
// counters are assumed not to wrap around: computed in 64 bits, the value
// stays in the range of its type, signed or unsigned as the loop compares
// it (a witness that needs a counter to wrap is not reported).
func (e *Evaluator) affine(v *ir.InstPhi, init, step *expr.Term, l *Loop) *expr.Term {
	w := init.Width
	k := e.hooks.Iteration(l)
	var kw *expr.Term
	if w >= 32 {
		kw = expr.ZExt(k, w)
	} else {
		kw = expr.Trunc(k, w)
	}
	t := expr.Add(init, expr.Mul(kw, step))
	if w <= 32 {
		signed := e.comparedSigned(v, l)
		ext := expr.ZExt
		if signed {
			ext = expr.SExt
		}
		wide := expr.Add(ext(init, 64), expr.Mul(expr.ZExt(k, 64), expr.SExt(step, 64)))
		e.addFact(t, expr.Eq(ext(expr.Trunc(wide, w), 64), wide), l.Header)
		if w == 32 && (signed || e.incrementsWithoutWrap(v, l)) {
			e.noteAffine(t, init, step)
		}
	}
	return t
}

// comparedSigned reports whether the loop compares its counter (or the
// counter's next value) as a signed number.
func (e *Evaluator) comparedSigned(v *ir.InstPhi, l *Loop) bool {
	for _, b := range e.G.Blocks {
		if !l.Contains(b) {
			continue
		}
		for _, inst := range b.Insts {
			cmp, ok := inst.(*ir.InstICmp)
			if !ok || !e.usesCounter(cmp, v) {
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
func (e *Evaluator) usesCounter(cmp *ir.InstICmp, v *ir.InstPhi) bool {
	for _, op := range []value.Value{cmp.X, cmp.Y} {
		if op == value.Value(v) {
			return true
		}
		if x, y, _, _, ok := BinaryInst(AsInst(op)); ok && (x == value.Value(v) || y == value.Value(v)) {
			return true
		}
	}
	return false
}

// Invariant reports whether a value is the same in every iteration of l:
// defined outside it, or computed inside it only from invariant values
// and special registers (clang re-reads blockDim in every iteration).
func (e *Evaluator) Invariant(v value.Value, l *Loop) bool {
	inst, ok := v.(ir.Instruction)
	if !ok {
		return true
	}
	b, ok := e.G.Where[inst]
	if !ok || !l.Contains(b) {
		return true
	}
	switch i := inst.(type) {
	case *ir.InstCall:
		return e.hooks.StableCall(i)
	case *ir.InstPhi, *ir.InstLoad, *ir.InstAlloca, *ir.InstAtomicRMW, *ir.InstCmpXchg:
		return false
	}
	return e.AllInvariant(Operands(inst), l)
}

// AsInst returns v as an instruction, or nil.
func AsInst(v value.Value) ir.Instruction {
	inst, _ := v.(ir.Instruction)
	return inst
}

// LoopValues returns, by name, the unknowns that stand for values of a
// loop that are neither affine in its count, nor shift recurrences, nor
// the same for every thread (a binary search's bound, say), each with its
// loop. The map is the Evaluator's own: callers read it only.
func (e *Evaluator) LoopValues() map[string]*Loop { return e.loopValues }

// PhiName returns a phi's name for variables, or its number.
func PhiName(v *ir.InstPhi) string {
	if v.LocalName != "" {
		return v.LocalName
	}
	return fmt.Sprint(v.LocalID)
}

// Reverse returns loops in the opposite order.
func Reverse(ls []*Loop) []*Loop {
	r := make([]*Loop, len(ls))
	for i, l := range ls {
		r[len(ls)-1-i] = l
	}
	return r
}

// AllInvariant reports whether every value is invariant in l.
func (e *Evaluator) AllInvariant(vs []value.Value, l *Loop) bool {
	for _, v := range vs {
		if !e.Invariant(v, l) {
			return false
		}
	}
	return true
}
