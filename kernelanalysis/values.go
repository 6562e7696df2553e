// This file defines the kernel's leaves of the symbolic evaluation:
// special registers, results of calls, and the analyzer's hooks.

package kernelanalysis

import (
	"fmt"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/value"

	"hgrd/cuda"
	"hgrd/expr"
	"hgrd/frontend"
	"hgrd/symbolic"
)

// Leaf gives meaning to calls and loads (symbolic.Hooks).
func (a *analyzer) Leaf(v value.Value, w int) *expr.Term {
	switch v := v.(type) {
	case *ir.InstCall:
		return a.call(v, w)
	case *ir.InstLoad:
		return a.loadValue(v, w)
	case *ir.InstExtractValue:
		if x := symbolic.Extracted(v); x != nil {
			return a.ev.Term(x)
		}
		return a.extractValue(v)
	}
	return nil
}

// Iteration returns a loop's per-thread iteration count (symbolic.Hooks).
func (a *analyzer) Iteration(l *symbolic.Loop) *expr.Term { return Iteration(l) }

// UniformLoopValue returns, for a loop value that is the same for all
// threads of a block in one iteration, an uninterpreted function of the
// block and of the iteration counts of the enclosing loops, so that
// threads in the same iteration see the same value (symbolic.Hooks).
func (a *analyzer) UniformLoopValue(v *ir.InstPhi, l *symbolic.Loop, w int) *expr.Term {
	if a.divergent[v] {
		return nil
	}
	args := []*expr.Term{BlockIdx(0), BlockIdx(1), BlockIdx(2)}
	for _, outer := range symbolic.Reverse(a.ev.G.LoopsOf(l.Header)) {
		args = append(args, Iteration(outer))
	}
	return expr.Apply(fmt.Sprintf("phi.%s.L%d", symbolic.PhiName(v), l.ID), w, args...)
}

// StableCall reports whether a call reads a special register, the same in
// every iteration (symbolic.Hooks).
func (a *analyzer) StableCall(c *ir.InstCall) bool {
	return cuda.LookupCall(symbolic.CalleeName(c)).Kind == cuda.SpecialReg
}

// Opaque stands an unknown for a value computed by more operations
// than symbolic.MaxValueOperations, such as a hash of a thread's key
// (symbolic.Hooks): an uninterpreted function of the variables the
// value depends on, so that threads with the same inputs agree on it,
// recorded for reports. A race found through it is reported with a note
// that names it (the race may need two threads' hashes to meet).
func (a *analyzer) Opaque(v value.Value, t *expr.Term) *expr.Term {
	var args []*expr.Term
	for _, x := range expr.Vars(t) {
		if x.IsBool() {
			x = expr.Ite(x, expr.Const(1, 1), expr.Const(0, 1))
		}
		args = append(args, x)
	}
	if len(args) == 0 {
		return t
	}
	a.opaques++
	f := expr.Apply(fmt.Sprintf("opaque.%d", a.opaques), t.Width, args...)
	a.unknown(v, f, "a value computed by more operations than hgrd evaluates")
	u := a.res.Unknowns[f.Name]
	u.Computed = true
	a.res.Unknowns[f.Name] = u
	return f
}

// call translates the result of a call: special registers, and otherwise
// an unknown value.
func (a *analyzer) call(v *ir.InstCall, w int) *expr.Term {
	c := cuda.LookupCall(symbolic.CalleeName(v))
	switch c.Kind {
	case cuda.SpecialReg:
		return specialReg(c, w)
	case cuda.AtomicCall:
		return a.ev.Fresh(v, "atomic", w)
	case cuda.WarpVote, cuda.Shuffle:
		if t := a.warpCall(v, c, w); t != nil {
			return t
		}
	}
	return a.ev.Fresh(v, "call", w)
}

// specialReg returns the term of a call reading a special register.
func specialReg(c cuda.Call, w int) *expr.Term {
	var t *expr.Term
	switch r := c.Register; {
	case r.IsVector():
		t = registerVar(r, c.Axis)
	case r == cuda.RegWarpSize:
		t = expr.Const(cuda.WarpSize, 32)
	case r == cuda.RegLaneID:
		t = expr.URem(LinearThreadID(), expr.Const(cuda.WarpSize, 32))
	default:
		t = expr.Var("sreg."+r.PTXName(), 32, expr.PerThread)
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

// fresh returns an unknown per-thread value that stands for no single IR
// value (an offset, a pointer).
func (a *analyzer) fresh(prefix string, w int) *expr.Term { return a.ev.Fresh(nil, prefix, w) }

// nameLoopValues records, as unknowns for reports, the values of loops
// that the evaluator could only name (symbolic.Evaluator.LoopValues): a
// race whose addresses depend on one, such as the position a binary
// search over memory contents finds, is reported with a note naming the
// loop.
func (a *analyzer) nameLoopValues() {
	for name, l := range a.ev.LoopValues() {
		if _, ok := a.res.Unknowns[name]; ok {
			continue
		}
		where := "a loop"
		if pos, ok := a.loopPos(l); ok {
			where = "the loop at " + pos.String()
		}
		a.res.Unknowns[name] = Unknown{What: "a variable that " + where + " does not step by a constant (a search's bound, say)"}
	}
}

// loopPos returns the source position of a loop: that of its header's
// branch (a while's condition), or of an instruction of its header, or of
// a latch's branch, the first that has one.
func (a *analyzer) loopPos(l *symbolic.Loop) (frontend.Pos, bool) {
	if pos, ok := a.unit.Pos(l.Header.Term); ok {
		return pos, true
	}
	for _, inst := range l.Header.Insts {
		if pos, ok := a.unit.Pos(inst); ok {
			return pos, true
		}
	}
	for _, latch := range l.Latches {
		if pos, ok := a.unit.Pos(latch.Term); ok {
			return pos, true
		}
	}
	return frontend.Pos{}, false
}
