// This file defines which allocation each pointer argument of a launch
// points into, so that parameters sharing an allocation are known to.

package hostanalysis

import (
	"fmt"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/value"

	"hgrd/expr"
	"hgrd/symbolic"
)

// A Pointer is where a pointer argument points: into an allocation, at a
// byte offset.
type Pointer struct {
	Allocation string     // the variable the allocation was stored in, such as "main#1.x"
	Offset     *expr.Term // bytes from the allocation's start, 64-bit
}

// pointerArg resolves a pointer argument to the allocation held by a host
// variable (the one cudaMalloc and its kin wrote), through casts and
// pointer arithmetic; ok is false when the walk cannot tell, and the
// parameter then points into an allocation of its own.
func pointerArg(ev *symbolic.Evaluator, namespace string, v value.Value) (Pointer, bool) {
	v = symbolic.UnwrapArg(v)
	switch p := v.(type) {
	case *ir.InstBitCast:
		return pointerArg(ev, namespace, p.From)
	case *ir.InstAddrSpaceCast:
		return pointerArg(ev, namespace, p.From)
	case *ir.InstGetElementPtr:
		base, ok := pointerArg(ev, namespace, p.Src)
		if !ok || len(p.Indices) != 1 {
			return Pointer{}, false
		}
		idx := ev.Term(p.Indices[0])
		if idx.IsBool() {
			return Pointer{}, false
		}
		if idx.Width < 64 {
			idx = expr.SExt(idx, 64)
		}
		step := expr.Mul(idx, expr.Const(uint64(symbolic.SizeOf(p.ElemType)), 64))
		return Pointer{base.Allocation, expr.Add(base.Offset, step)}, true
	case *ir.InstLoad:
		if v, ok := storedValue(p, ev.G); ok {
			return pointerArg(ev, namespace, v)
		}
		if slot, ok := p.Src.(*ir.InstAlloca); ok {
			return Pointer{fmt.Sprintf("%s%s", namespace, slot.Name()), expr.Const(0, 64)}, true
		}
	}
	return Pointer{}, false
}
