// This file models the pitch that cudaMallocPitch returns through its
// second argument: at least the requested row width in bytes.

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
	return expr.VarWithRole(namespace+"pitch."+a.Name(), width, expr.Shared, hostValue)
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
	pitch := pitchVar(namespace, a, width.Width)
	padding := expr.ULt(expr.Sub(pitch, width), expr.Const(cuda.MaxPitchPadding, width.Width))
	return expr.AllOf(expr.ULe(width, pitch), padding), true
}
