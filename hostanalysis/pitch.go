// This file models the pitch that cudaMallocPitch returns through its
// second argument, and cudaMalloc3D in the cudaPitchedPtr it fills: at
// least the requested row width in bytes.

package hostanalysis

import (
	"strings"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/value"

	"hgrd/cuda"
	"hgrd/expr"
	"hgrd/symbolic"
)

// pitchSlots returns, for each local variable of f that receives the
// pitch of exactly one cudaMallocPitch call and is otherwise only read,
// that call. Reads of such a variable after the call all see the pitch.
func pitchSlots(f *ir.Func) map[*ir.InstAlloca]*ir.InstCall {
	writers := map[*ir.InstAlloca][]*ir.InstCall{}
	spoiled := map[*ir.InstAlloca]bool{}
	for _, b := range f.Blocks {
		for _, inst := range b.Insts {
			switch inst := inst.(type) {
			case *ir.InstStore:
				if a, ok := slot(inst.Dst); ok {
					spoiled[a] = true
				}
				if a, ok := slot(inst.Src); ok {
					spoiled[a] = true // its address escapes
				}
			case *ir.InstCall:
				callee, _ := inst.Callee.(*ir.Func)
				for i, arg := range inst.Args {
					a, ok := slot(arg)
					switch {
					case !ok:
					case callee != nil && isPitchOut(callee.Name(), i):
						writers[a] = append(writers[a], inst)
					case callee != nil && strings.HasPrefix(callee.Name(), "llvm.lifetime."):
					default:
						spoiled[a] = true
					}
				}
			}
		}
	}
	slots := map[*ir.InstAlloca]*ir.InstCall{}
	for a, calls := range writers {
		if len(calls) == 1 && !spoiled[a] {
			slots[a] = calls[0]
		}
	}
	return slots
}

// isPitchOut reports whether argument i of the named function is the
// pointer through which an allocation returns its pitch.
func isPitchOut(name string, i int) bool {
	alloc, ok := cuda.LookupAllocation(name)
	return ok && alloc.Pitched && i == alloc.Pitch
}

// slot returns the local variable a pointer value names, through casts.
func slot(v value.Value) (*ir.InstAlloca, bool) {
	for {
		switch x := v.(type) {
		case *ir.InstAlloca:
			return x, true
		case *ir.InstBitCast:
			v = x.From
		case *ir.Arg:
			v = symbolic.UnwrapArg(x)
		default:
			return nil, false
		}
	}
}

// pitchVar is the launch-wide unknown of a pitch variable's value.
func pitchVar(namespace string, a *ir.InstAlloca, width int) *expr.Term {
	return pitchTerm(namespace, a.Name(), width)
}

// pitchTerm is the launch-wide unknown of the pitch that an allocation
// returns into the named variable.
func pitchTerm(namespace, variable string, width int) *expr.Term {
	return expr.VarWithRole(namespace+"pitch."+variable, width, expr.Shared, hostValue)
}

// pitchBounds states that a pitch is the row width in bytes plus less
// than cuda.MaxPitchPadding.
func pitchBounds(pitch, width *expr.Term) *expr.Term {
	padding := expr.ULt(expr.Sub(pitch, width), expr.Const(cuda.MaxPitchPadding, width.Width))
	return expr.AllOf(expr.ULe(width, pitch), padding)
}

// pitchFact returns the fact that the pitch of a call of the pitched
// allocation alloc (cudaMallocPitch) is the requested width in bytes plus
// less than cuda.MaxPitchPadding, if the call writes a pitch slot.
func pitchFact(slots map[*ir.InstAlloca]*ir.InstCall, namespace string, call *ir.InstCall, alloc cuda.Allocation, width *expr.Term) (*expr.Term, bool) {
	if len(call.Args) <= alloc.Pitch {
		return nil, false
	}
	a, ok := slot(call.Args[alloc.Pitch])
	if !ok || slots[a] != call {
		return nil, false
	}
	return pitchBounds(pitchVar(namespace, a, width.Width), width), true
}

// pitchedPtrWrites returns the fields of the cudaPitchedPtr in slot that
// a call such as cudaMalloc3D fills, if it is one and fills slot at a
// constant offset.
func pitchedPtrWrites(call *ir.InstCall, slot value.Value) ([]localStore, bool) {
	alloc, ok := cuda.LookupPitchedPtrAllocation(symbolic.CalleeName(call))
	if !ok || alloc.Out >= len(call.Args) || alloc.Extent >= len(call.Args) {
		return nil, false
	}
	base, off, ok := constOffset(call.Args[alloc.Out])
	if !ok || base != slot {
		return nil, false
	}
	var fields []localStore
	for field := int64(0); field < cuda.PitchedPtrBytes; field += 8 {
		fields = append(fields, localStore{off: off + field, bytes: 8, pitched: call, field: field})
	}
	return fields, true
}

// pitchedField returns what a field of the cudaPitchedPtr in variable
// slot holds: for the pitch, the unknown that pitchedPtrFact bounds; for
// xsize and ysize, the extent's width and height. The pointer is not an
// integer the host analysis follows.
func (fr *frame) pitchedField(s localStore, slot value.Value) (memRead, bool) {
	alloc, _ := cuda.LookupPitchedPtrAllocation(symbolic.CalleeName(s.pitched))
	switch s.field {
	case cuda.PitchedPtrPitch:
		return memRead{t: pitchTerm(fr.ev.Namespace, variableName(slot), 64)}, true
	case cuda.PitchedPtrXSize:
		return fr.read(s.pitched.Args[alloc.Extent], cuda.ExtentWidth, 8, place{s.block, s.pitched})
	case cuda.PitchedPtrYSize:
		return fr.read(s.pitched.Args[alloc.Extent], cuda.ExtentHeight, 8, place{s.block, s.pitched})
	}
	return memRead{}, false
}

// pitchedPtrFact returns the fact that the pitch a call of a function
// such as cudaMalloc3D returns is the extent's width plus less than
// cuda.MaxPitchPadding, with the extent's sizes positive; false if the
// call's struct or its extent's width is not where fr can read it.
func (fr *frame) pitchedPtrFact(call *ir.InstCall, b *ir.Block) (*expr.Term, bool) {
	alloc, ok := cuda.LookupPitchedPtrAllocation(symbolic.CalleeName(call))
	if !ok || alloc.Out >= len(call.Args) || alloc.Extent >= len(call.Args) {
		return nil, false
	}
	slot, _, ok := constOffset(call.Args[alloc.Out])
	if !ok {
		return nil, false
	}
	var sizes []*expr.Term
	for _, off := range []int64{cuda.ExtentWidth, cuda.ExtentHeight, cuda.ExtentDepth} {
		r, ok := fr.read(call.Args[alloc.Extent], off, 8, place{b, call})
		if !ok {
			return nil, false
		}
		t := r.term(64)
		if t == nil {
			return nil, false
		}
		sizes = append(sizes, t)
	}
	facts := []*expr.Term{pitchBounds(pitchTerm(fr.ev.Namespace, variableName(slot), 64), sizes[0])}
	for _, size := range sizes {
		facts = append(facts, expr.SLt(expr.Const(0, 64), size))
	}
	return expr.AllOf(facts...), true
}

// variableName returns the name of a variable: a local or a parameter.
func variableName(v value.Value) string {
	if n, ok := v.(interface{ Name() string }); ok {
		return n.Name()
	}
	return "?"
}
