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
func arrayArgs(fr *frame, b *ir.Block, call *ir.InstCall, array value.Value, k *frontend.Kernel, l *Launch) {
	ev := fr.ev
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
			l.Fields[i] = memoryFields(fr, place{b, call}, slot)
			continue
		}
		if symbolic.PointerType(p.Typ) {
			if _, isPtr := slot.ElemType.(*types.PointerType); isPtr {
				l.Pointers[i] = Pointer{Allocation: fmt.Sprintf("%s%s", ev.Namespace, slot.Name()), Offset: expr.Const(0, 64), slot: slot}
			}
			continue
		}
		if stores, ok := soleStores(ev.G, slot, b); ok {
			if s, ok := stores[0]; ok && s.bytes == symbolic.SizeOf(slot.ElemType) {
				if t := ev.Term(storedBool(s.store.Src)); t.Width == symbolic.WidthOf(p.Typ) {
					l.Args[i] = t
				}
			}
		}
	}
}

// argumentSlots returns, by position, the local variable whose address
// each element of an array of pointers holds; ok is false if the array is
// not a local one or an element is written more than once.
func argumentSlots(f *ir.Func, array value.Value) (map[int]*ir.InstAlloca, bool) {
	base, start, ok := constOffset(array)
	if _, isLocal := base.(*ir.InstAlloca); !ok || !isLocal {
		return nil, false
	}
	slots := map[int]*ir.InstAlloca{}
	written := map[int64]bool{}
	for _, b := range f.Blocks {
		for _, inst := range b.Insts {
			st, ok := inst.(*ir.InstStore)
			if !ok {
				continue
			}
			arr, off, ok := constOffset(st.Dst)
			if !ok || arr != base {
				continue
			}
			if written[off] {
				return nil, false
			}
			written[off] = true
			if slot, ok := symbolic.StripPointerCasts(st.Src).(*ir.InstAlloca); ok && (off-start)%pointerSize == 0 {
				slots[int((off-start)/pointerSize)] = slot
			}
		}
	}
	return slots, true
}

// pointerSize is the size in bytes of a host pointer, an element of an
// array of argument pointers.
const pointerSize = 8
