// This file defines the arguments of an API launch (cudaLaunchKernel and
// its kin): an array of pointers, each to a host variable that holds one
// argument.
//
//	void *args[] = {&d, &n};
//	cudaLaunchKernel((const void *)k, grid, block, args, 0, 0);

package hostanalysis

import (
	"fmt"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"hgrd/expr"
	"hgrd/frontend"
	"hgrd/symbolic"
)

// arrayArgs fills l's arguments from the array of argument pointers that
// a call passes: the integer a variable holds where one store writes it
// before the launch, the allocation a pointer variable holds. Arguments
// it cannot follow stay unknown.
func arrayArgs(ev *symbolic.Evaluator, b *ir.Block, call *ir.InstCall, array value.Value, k *frontend.Kernel, l *Launch) {
	slots, ok := argumentSlots(b.Parent, array)
	if !ok {
		return
	}
	l.Args = make([]*expr.Term, len(k.Func.Params))
	for i, p := range k.Func.Params {
		slot, ok := slots[i]
		if !ok {
			continue
		}
		if byValue(p) {
			l.Fields[i] = memoryFields(ev, b, slot)
			continue
		}
		if symbolic.PointerType(p.Typ) {
			if _, isPtr := slot.ElemType.(*types.PointerType); isPtr {
				l.Pointers[i] = Pointer{Allocation: fmt.Sprintf("%s%s", ev.Namespace, slot.Name()), Offset: expr.Const(0, 64), slot: slot}
			}
			continue
		}
		if v, ok := onlyStore(ev.G, slot, b); ok {
			if t := ev.Term(v); t.Width == symbolic.WidthOf(p.Typ) {
				l.Args[i] = t
			}
		}
	}
}

// argumentSlots returns, by position, the local variable whose address
// each element of an array of pointers holds; ok is false if the array is
// not a local one or an element is written more than once.
func argumentSlots(f *ir.Func, array value.Value) (map[int]*ir.InstAlloca, bool) {
	base, _, ok := element(array)
	if !ok {
		return nil, false
	}
	slots := map[int]*ir.InstAlloca{}
	written := map[int]bool{}
	for _, b := range f.Blocks {
		for _, inst := range b.Insts {
			st, ok := inst.(*ir.InstStore)
			if !ok {
				continue
			}
			arr, i, ok := element(st.Dst)
			if !ok || arr != base {
				continue
			}
			if written[i] {
				return nil, false
			}
			written[i] = true
			if slot, ok := stripCasts(st.Src).(*ir.InstAlloca); ok {
				slots[i] = slot
			}
		}
	}
	return slots, true
}

// element returns the local array and the constant element index that a
// pointer into an array of pointers names.
func element(v value.Value) (*ir.InstAlloca, int, bool) {
	v = stripCasts(v)
	switch x := v.(type) {
	case *ir.InstAlloca:
		return x, 0, true
	case *ir.InstGetElementPtr:
		arr, i, ok := element(x.Src)
		if !ok || len(x.Indices) == 0 {
			return nil, 0, false
		}
		last, ok := symbolic.UnwrapArg(x.Indices[len(x.Indices)-1]).(*constant.Int)
		if !ok {
			return nil, 0, false
		}
		for _, idx := range x.Indices[:len(x.Indices)-1] {
			if c, ok := symbolic.UnwrapArg(idx).(*constant.Int); !ok || c.X.Sign() != 0 {
				return nil, 0, false
			}
		}
		return arr, i + int(last.X.Int64()), true
	}
	return nil, 0, false
}

// onlyStore returns the value of the one store to slot in its function,
// if that store's block dominates b.
func onlyStore(g *symbolic.Graph, slot *ir.InstAlloca, b *ir.Block) (value.Value, bool) {
	var found *ir.InstStore
	var where *ir.Block
	for _, x := range b.Parent.Blocks {
		for _, inst := range x.Insts {
			if st, ok := inst.(*ir.InstStore); ok && stripCasts(st.Dst) == slot {
				if found != nil {
					return nil, false
				}
				found, where = st, x
			}
		}
	}
	if found == nil || !g.Dominates(where, b) {
		return nil, false
	}
	return found.Src, true
}
