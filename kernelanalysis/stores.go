// This file defines what an atomic stores: the value that a flag's
// producer writes, and the atomics that write nothing new (a consumer's
// spin on atomicAdd(&flag, 0)).

package kernelanalysis

import (
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/value"

	"hgrd/expr"
	"hgrd/symbolic"
)

// storedValue returns the value an atomic stores when it does not depend
// on the location's old contents: an exchange's operand, an atomic
// store's value, a compare-and-swap's new value. It returns nil for other
// atomics.
func (a *analyzer) storedValue(inst ir.Instruction) *expr.Term {
	if st, ok := inst.(*ir.InstStore); ok && st.Atomic {
		return a.storedTerm(st.Src)
	}
	shape, ok := shapeOf(inst)
	if !ok || (shape.kind != Exchange && shape.kind != Claim) {
		return nil
	}
	return a.storedTerm(shape.operand)
}

// leavesUnchanged reports whether an atomic leaves its location's value
// as it was: an atomic load, or an addition, subtraction, or, exclusive
// or of the constant 0.
func leavesUnchanged(inst ir.Instruction) bool {
	e, ok := atomicEffect(inst)
	if !ok {
		return false
	}
	if e.op == "load" {
		return true
	}
	switch e.op {
	case "add", "sub", "or", "xor":
	default:
		return false
	}
	var operand value.Value
	switch i := inst.(type) {
	case *ir.InstAtomicRMW:
		operand = i.X
	case *ir.InstCall:
		if len(i.Args) < 2 {
			return false
		}
		operand = symbolic.UnwrapArg(i.Args[1])
	default:
		return false
	}
	return isZero(operand)
}
