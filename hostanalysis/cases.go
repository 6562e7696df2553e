// This file defines what one store into a host buffer says of the value
// it writes: an expression over the element's index, or a range.

package hostanalysis

import (
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"hgrd/cuda"
	"hgrd/expr"
	"hgrd/frontend"
	"hgrd/symbolic"
)

// storeCase returns what a store into a field says of its value; ok is
// false if it is not an integer store.
func storeCase(ev *symbolic.Evaluator, u *frontend.Unit, s bufferStore) (ContentsCase, bool) {
	if _, isInt := s.store.Src.Type().(*types.IntType); !isInt {
		return ContentsCase{}, false
	}
	w := int(s.bytes * 8)
	pos, _ := u.Pos(s.store)
	inv := map[string]bool{}
	invariantVars(ev, s.store.Src, inv, map[value.Value]bool{})
	if below, unsigned, ok := remainder(ev, s.store.Src, w); ok && allIn(expr.Vars(below), inv) {
		return ContentsCase{Index: s.index, Below: below, Unsigned: unsigned, Pos: pos}, true
	}
	v := ev.Term(s.store.Src)
	if v.IsBool() || v.Width != w {
		return ContentsCase{}, false
	}
	c := ContentsCase{Index: s.index, Value: v, Pos: pos}
	seen := map[string]bool{}
	for _, x := range append(expr.Vars(s.index), expr.Vars(v)...) {
		if !inv[x.Name] && !seen[x.Name] {
			seen[x.Name] = true
			c.Fresh = append(c.Fresh, x)
		}
	}
	return c, true
}

// remainder reads a stored value as x % n with x not negative (the
// result of rand and its kin) or x % n unsigned, through extensions:
// the value lies in [0, n) when n > 0. It returns n at the value's
// width w.
func remainder(ev *symbolic.Evaluator, v value.Value, w int) (below *expr.Term, unsigned bool, ok bool) {
	zext := true
	switch x := v.(type) {
	case *ir.InstSExt:
		v, zext = x.From, false
	case *ir.InstZExt:
		v = x.From
	}
	var n value.Value
	switch r := v.(type) {
	case *ir.InstSRem:
		call, isCall := r.X.(*ir.InstCall)
		if !isCall || !cuda.NonNegative(symbolic.CalleeName(call)) {
			return nil, false, false
		}
		n = r.Y
	case *ir.InstURem:
		if !zext {
			return nil, false, false
		}
		n, unsigned = r.Y, true
	default:
		return nil, false, false
	}
	t := ev.Term(n)
	if t.IsBool() || t.Width > w {
		return nil, false, false
	}
	if t.Width < w {
		if unsigned {
			t = expr.ZExt(t, w)
		} else {
			t = expr.SExt(t, w)
		}
	}
	return t, unsigned, true
}

// invariantVars adds to inv the variables of the values a stored value
// is computed from that have one value for the whole of the host
// function's run: those of values computed outside every host loop (a
// loop's counter excepted, which names the iteration where it is used).
// A value computed in a loop from the loop's own values adds none.
func invariantVars(ev *symbolic.Evaluator, v value.Value, inv map[string]bool, seen map[value.Value]bool) {
	v = symbolic.UnwrapArg(v)
	if seen[v] {
		return
	}
	seen[v] = true
	switch x := v.(type) {
	case *ir.Param:
		addVars(ev, x, inv)
	case ir.Instruction:
		b := ev.G.Where[x]
		if b != nil && len(ev.G.LoopsOf(b)) == 0 {
			addVars(ev, v, inv)
			return
		}
		if _, isPhi := x.(*ir.InstPhi); isPhi {
			return
		}
		for _, op := range symbolic.Operands(x) {
			invariantVars(ev, op, inv, seen)
		}
	}
}

// addVars adds the variables of an integer value's term to inv.
func addVars(ev *symbolic.Evaluator, v value.Value, inv map[string]bool) {
	if symbolic.PointerType(v.Type()) || symbolic.WidthOf(v.Type()) <= 0 {
		return
	}
	for _, x := range expr.Vars(ev.Term(v)) {
		if x.Role.Kind != expr.HostLoopCounter {
			inv[x.Name] = true
		}
	}
}

// allIn reports whether every variable is in set.
func allIn(vars []*expr.Term, set map[string]bool) bool {
	for _, v := range vars {
		if !set[v.Name] {
			return false
		}
	}
	return true
}
