// This file defines the contents of device allocations that the host
// fills: what the host stores into a buffer it then copies to the
// device, carried to the allocation and to the kernel parameters that
// point into it.

package hostanalysis

import (
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/value"

	"hgrd/cuda"
	"hgrd/expr"
	"hgrd/frontend"
	"hgrd/symbolic"
)

// A Contents is what an allocation holds in one field of its elements:
// the bytes [Field, Field+Width/8) of each element of ElemSize bytes, at
// byte Field + k*ElemSize for element k. The value there is that of one
// of the Cases, the host's stores into the field.
//
// A correct program reads only entries it initialized: the kernel's
// loads of the field read values one of the stores wrote, at the index
// it wrote them. Nothing is said of entries no store writes.
//
// Example printed form (of one case):
//
//	[k].offset@8 = (k * 128) (store at main.cu:40:7)
type Contents struct {
	ElemSize int64
	Field    int64
	Width    int
	Cases    []ContentsCase
}

// A ContentsCase is one store of the host into a field. Either it stores
// Value at element Index (both over the store's variables Fresh and over
// values that are the same wherever the launch's facts mention them), or
// Value is nil and it stores a value in [0, Below) when Below > 0 (Below
// signed, or unsigned with Unsigned set), such as rand() % n.
type ContentsCase struct {
	Index    *expr.Term // the element's index, 64-bit
	Value    *expr.Term // Width bits
	Below    *expr.Term // Width bits
	Unsigned bool
	// Fresh are the variables of Index and Value that stand for one
	// execution of the store (a host loop's iteration, a value computed
	// in it): each instance of the case renames them.
	Fresh []*expr.Term
	Pos   frontend.Pos
}

// contentsOf returns what the allocation held by variable slotVar
// contains at launches of f: the contents of the one host buffer copied
// into it, if nothing else writes either. Other launches that pass the
// allocation may write it: package analysis, which sees their kernels,
// rules those out.
func (w *walker) contentsOf(ev *symbolic.Evaluator, slotVar *ir.InstAlloca) []Contents {
	if slotVar == nil {
		return nil
	}
	src, ok := w.copiedFrom(ev.G.Blocks[0].Parent, slotVar)
	if !ok {
		return nil
	}
	return bufferContents(ev, w.u, src)
}

// copiedFrom returns the host buffer whose start one copy from host to
// device copies to the start of the allocation variable slotVar holds;
// ok is false if there is no such copy, several, or if the allocation or
// the variable may be written otherwise.
func (w *walker) copiedFrom(f *ir.Func, slotVar *ir.InstAlloca) (value.Value, bool) {
	slotPtrs := derivedPointers(f, slotVar)
	loads := map[value.Value]bool{}
	ok := eachUse(f, slotPtrs, func(inst ir.Instruction, v value.Value) bool {
		switch i := inst.(type) {
		case *ir.InstLoad:
			loads[i] = true
			return true
		case *ir.InstCall:
			name := symbolic.CalleeName(i)
			alloc, isAlloc := cuda.LookupAllocation(name)
			return isAlloc && alloc.Out != cuda.NoArg || cuda.LookupCall(name).Kind == cuda.IgnoredCall
		}
		return false
	})
	if !ok {
		return nil, false
	}
	var src value.Value
	devPtrs := map[value.Value]bool{}
	for l := range loads {
		for p := range derivedPointers(f, l) {
			devPtrs[p] = true
		}
	}
	ok = eachUse(f, devPtrs, func(inst ir.Instruction, v value.Value) bool {
		switch i := inst.(type) {
		case *ir.InstCall:
			if s, isCopy, dst := hostToDevice(i, v); dst {
				if !isCopy || src != nil || !loads[symbolic.StripPointerCasts(v)] {
					return false
				}
				src = s
				return true
			}
			return w.passesOn(i, v)
		case *ir.InstStore:
			// A launch's argument: the stub's copy of the pointer, or
			// an element of an array of arguments.
			_, isLocal := baseSlot(i.Dst)
			return i.Src == v && isLocal
		case *ir.InstICmp:
			return true
		}
		return false
	})
	return src, ok && src != nil
}

// hostToDevice reports whether a call copies to the pointer v (dst), and
// if so whether it copies from the host (isCopy) and from where.
func hostToDevice(call *ir.InstCall, v value.Value) (src value.Value, isCopy, dst bool) {
	c, ok := cuda.LookupCopy(symbolic.CalleeName(call))
	if !ok || len(call.Args) <= c.Kind || symbolic.UnwrapArg(call.Args[c.Dst]) != v {
		return nil, false, false
	}
	kind, isConst := symbolic.UnwrapArg(call.Args[c.Kind]).(*constant.Int)
	if !isConst || kind.X.Int64() != cuda.HostToDevice {
		return nil, false, true
	}
	return symbolic.StripPointerCasts(symbolic.UnwrapArg(call.Args[c.Src])), true, true
}

// passesOn reports whether a call that takes the device pointer v leaves
// the allocation's contents alone: a copy from it, a free, a launch's
// reading of its arguments, a lifetime marker, or a kernel's stub (whose
// kernel package analysis checks).
func (w *walker) passesOn(call *ir.InstCall, v value.Value) bool {
	name := symbolic.CalleeName(call)
	if c, ok := cuda.LookupCopy(name); ok {
		return len(call.Args) > c.Src && symbolic.UnwrapArg(call.Args[c.Src]) == v &&
			symbolic.UnwrapArg(call.Args[c.Dst]) != v
	}
	if g, ok := call.Callee.(*ir.Func); ok && w.u.KernelOfStub(g) != nil {
		return true
	}
	return cuda.Frees(name) || readsArgument(call)
}

// baseSlot returns the local variable a pointer points into, through
// casts and getelementptrs.
func baseSlot(v value.Value) (*ir.InstAlloca, bool) {
	for {
		switch x := symbolic.StripPointerCasts(symbolic.UnwrapArg(v)).(type) {
		case *ir.InstAlloca:
			return x, true
		case *ir.InstGetElementPtr:
			v = x.Src
		default:
			return nil, false
		}
	}
}

// eachUse calls use for every instruction of f that has one of ptrs as
// an operand (casts and getelementptrs of them excepted, which
// derivedPointers has followed), with that operand; it returns false as
// soon as use does.
func eachUse(f *ir.Func, ptrs map[value.Value]bool, use func(inst ir.Instruction, v value.Value) bool) bool {
	for _, b := range f.Blocks {
		for _, inst := range b.Insts {
			switch inst.(type) {
			case *ir.InstBitCast, *ir.InstGetElementPtr:
				if v, ok := inst.(value.Value); ok && ptrs[v] {
					continue
				}
			}
			for _, op := range symbolic.Operands(inst) {
				op = symbolic.UnwrapArg(op)
				if ptrs[op] && !use(inst, op) {
					return false
				}
			}
		}
		if t, ok := b.Term.(*ir.TermRet); ok && t.X != nil && ptrs[t.X] {
			return false
		}
	}
	return true
}
