// This file defines counters: locations that a kernel only ever changes
// by atomically adding a positive constant (or only subtracting one), so
// that the values the atomics return, as in `wl[atomicAdd(&size, 1)] = v`,
// differ between any two executions.

package kernelanalysis

import (
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/value"

	"hgrd/expr"
	"hgrd/symbolic"
)

// A Counter is an atomic whose returned value differs between two
// threads that apply it to the same address: a fetch-and-add of a
// positive constant on a location nothing else changes.
type Counter struct {
	Value   *expr.Term // the value the atomic returns, per thread
	Object  *Object
	Address *expr.Term // the byte offset of the location
}

// findCounters records the kernel's counters.
func (a *analyzer) findCounters() {
	steps := map[*Object]string{} // object -> "add", "sub", or "" if changed otherwise
	var candidates []*Access
	for _, acc := range a.res.Accesses {
		if acc.Kind == Read {
			continue
		}
		op := counterStep(acc.Inst)
		if prev, seen := steps[acc.Object]; seen && prev != op {
			op = ""
		}
		steps[acc.Object] = op
		if op != "" {
			candidates = append(candidates, acc)
		}
	}
	for _, acc := range candidates {
		if steps[acc.Object] == "" {
			continue
		}
		v, ok := acc.Inst.(value.Value)
		if !ok {
			continue
		}
		a.res.Counters = append(a.res.Counters, &Counter{Value: a.ev.Term(v), Object: acc.Object, Address: acc.Offset})
	}
}

// counterStep returns "add" or "sub" for an atomic that adds or subtracts
// a positive constant, and "" for any other write.
func counterStep(inst ir.Instruction) string {
	e, ok := atomicEffect(inst)
	if !ok || e.ptr == nil {
		return ""
	}
	var amount value.Value
	switch i := inst.(type) {
	case *ir.InstAtomicRMW:
		amount = i.X
	case *ir.InstCall:
		if len(i.Args) < 2 {
			return ""
		}
		amount = symbolic.UnwrapArg(i.Args[1])
	default:
		return ""
	}
	c, isConst := amount.(*constant.Int)
	if !isConst || c.X.Sign() <= 0 || (e.op != "add" && e.op != "sub") {
		return ""
	}
	return e.op
}
