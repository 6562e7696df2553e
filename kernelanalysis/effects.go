// This file defines what an instruction does to memory: the one
// classification of instructions that the collection of accesses, the
// memory model of loaded values and the search for guards and counters
// share.

package kernelanalysis

import (
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"hgrd/cuda"
	"hgrd/symbolic"
)

// An effect is what an instruction does to the memory behind one
// pointer.
type effect struct {
	ptr    value.Value
	kind   AccessKind  // Read, Write or Atomic
	op     string      // Atomic: the operation, such as "add", "cas", "load" or "store"
	scope  cuda.Scope  // Atomic: its scope; cuda.ScopeDevice otherwise
	elem   types.Type  // the type of the value read or written; nil if length is set
	length value.Value // memory intrinsics: the number of bytes
	// writes is set if the memory may change: stores, read-modify-writes,
	// the destinations of memory intrinsics, calls without a body, and
	// every atomic intrinsic whatever its operation (an atomic load
	// instruction alone does not write).
	writes bool
	// opaque is set for a call without a body, which may read or write
	// through any of its pointer arguments; ptr is the first of them,
	// which stands in for the others.
	opaque bool
}

// memoryEffects returns what an instruction does to memory, in the order
// its accesses are recorded: a memory copy writes its destination, then
// reads its source. Instructions that touch no memory have none.
func memoryEffects(inst ir.Instruction) []effect {
	if e, ok := atomicEffect(inst); ok {
		return []effect{e}
	}
	switch i := inst.(type) {
	case *ir.InstLoad:
		return []effect{plainEffect(i.Src, Read, i.ElemType, nil)}
	case *ir.InstStore:
		return []effect{plainEffect(i.Dst, Write, i.Src.Type(), nil)}
	case *ir.InstCall:
		return callEffects(i)
	}
	return nil
}

// plainEffect returns a non-atomic read or write.
func plainEffect(ptr value.Value, kind AccessKind, elem types.Type, length value.Value) effect {
	return effect{ptr: ptr, kind: kind, scope: cuda.ScopeDevice, elem: elem, length: length, writes: kind == Write}
}

// callEffects returns the effects of a call that is not an atomic.
func callEffects(c *ir.InstCall) []effect {
	switch cuda.LookupCall(symbolic.CalleeName(c)).Kind {
	case cuda.ReadOnlyLoad:
		return []effect{plainEffect(c.Args[0], Read, c.Type(), nil)}
	case cuda.MemCopy:
		return []effect{plainEffect(c.Args[0], Write, nil, c.Args[2]), plainEffect(c.Args[1], Read, nil, c.Args[2])}
	case cuda.MemSet:
		return []effect{plainEffect(c.Args[0], Write, nil, c.Args[2])}
	case cuda.UnknownCall:
		for _, arg := range c.Args {
			if isPointer(arg) {
				return []effect{{ptr: arg, kind: Write, scope: cuda.ScopeDevice, writes: true, opaque: true}}
			}
		}
	}
	return nil
}

// atomicEffect returns the effect of an atomic instruction or intrinsic;
// ok is false for other instructions.
func atomicEffect(inst ir.Instruction) (e effect, ok bool) {
	atomic := func(ptr value.Value, op string, scope cuda.Scope, elem types.Type, writes bool) (effect, bool) {
		return effect{ptr: ptr, kind: Atomic, op: op, scope: scope, elem: elem, writes: writes}, true
	}
	switch i := inst.(type) {
	case *ir.InstLoad:
		if i.Atomic {
			return atomic(i.Src, "load", cuda.LLVMScope(i.SyncScope), i.ElemType, false)
		}
	case *ir.InstStore:
		if i.Atomic {
			return atomic(i.Dst, "store", cuda.LLVMScope(i.SyncScope), i.Src.Type(), true)
		}
	case *ir.InstAtomicRMW:
		return atomic(i.Dst, i.Op.String(), cuda.LLVMScope(i.SyncScope), i.X.Type(), true)
	case *ir.InstCmpXchg:
		return atomic(i.Ptr, "cas", cuda.LLVMScope(i.SyncScope), i.Cmp.Type(), true)
	case *ir.InstCall:
		if c := cuda.LookupCall(symbolic.CalleeName(i)); c.Kind == cuda.AtomicCall {
			return atomic(i.Args[0], c.Op, c.Scope, atomicCallType(i), true)
		}
	}
	return effect{}, false
}

// atomicCallType returns the type of the value an atomic intrinsic reads
// or writes: its result, or for an atomic store the value stored.
func atomicCallType(call *ir.InstCall) types.Type {
	if _, void := call.Type().(*types.VoidType); void && len(call.Args) > 1 {
		return call.Args[1].Type()
	}
	return call.Type()
}
