// This file defines the launches made through host function pointers
// (kernel_t k = up; k<<<g, b>>>(...)): the call of the pointer is a call
// of a launch stub that the pointer holds.

package hostanalysis

import (
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/value"

	"hgrd/frontend"
	"hgrd/symbolic"
)

// launchedKernels returns the kernels a call launches through their
// stubs: the stub it calls, or for a call through a pointer the stubs the
// pointer may hold. Where the pointer's values can be followed (through
// phis, selects and casts) to functions, those; otherwise every stub whose
// address the host code takes and whose type is the call's.
func (w *walker) launchedKernels(call *ir.InstCall) []*frontend.Kernel {
	callee := symbolic.StripPointerCasts(call.Callee)
	if g, ok := callee.(*ir.Func); ok {
		if k := w.u.KernelOfStub(g); k != nil {
			return []*frontend.Kernel{k}
		}
		return nil
	}
	if _, ok := callee.(*ir.InlineAsm); ok {
		return nil
	}
	if funcs, ok := pointees(callee, map[value.Value]bool{}); ok {
		var ks []*frontend.Kernel
		for _, g := range funcs {
			if k := w.u.KernelOfStub(g); k != nil {
				ks = append(ks, k)
			}
		}
		return ks
	}
	var ks []*frontend.Kernel
	for _, k := range w.u.Kernels {
		if k.Stub != nil && w.addressTaken()[k.Stub] && k.Stub.Type().Equal(call.Callee.Type()) {
			ks = append(ks, k)
		}
	}
	return ks
}

// pointees returns the functions a function pointer may hold, when every
// value it may take is a function; ok is false otherwise.
func pointees(v value.Value, seen map[value.Value]bool) (funcs []*ir.Func, ok bool) {
	v = symbolic.StripPointerCasts(v)
	if seen[v] {
		return nil, true
	}
	seen[v] = true
	var from []value.Value
	switch x := v.(type) {
	case *ir.Func:
		return []*ir.Func{x}, true
	case *ir.InstPhi:
		for _, inc := range x.Incs {
			from = append(from, inc.X)
		}
	case *ir.InstSelect:
		from = []value.Value{x.ValueTrue, x.ValueFalse}
	default:
		return nil, false
	}
	for _, f := range from {
		fs, ok := pointees(f, seen)
		if !ok {
			return nil, false
		}
		funcs = append(funcs, fs...)
	}
	return funcs, true
}

// addressTaken returns the host functions whose address the host code
// takes: used other than as a call's callee, in instructions or in
// global initialisers. It is computed once.
func (w *walker) addressTaken() map[*ir.Func]bool {
	if w.taken != nil {
		return w.taken
	}
	w.taken = map[*ir.Func]bool{}
	for _, g := range w.u.Host.Globals {
		if g.Init != nil {
			w.markFuncs(g.Init)
		}
	}
	for _, f := range w.u.Host.Funcs {
		for _, b := range f.Blocks {
			for _, inst := range b.Insts {
				u, ok := inst.(value.User)
				if !ok {
					continue
				}
				for _, op := range u.Operands() {
					if call, ok := inst.(*ir.InstCall); ok && op == &call.Callee {
						continue
					}
					w.markFuncs(*op)
				}
			}
		}
	}
	return w.taken
}

// markFuncs marks the functions a value or constant names, inside
// casts, arrays and structures.
func (w *walker) markFuncs(v value.Value) {
	switch c := symbolic.UnwrapArg(v).(type) {
	case *ir.Func:
		w.taken[c] = true
	case *constant.ExprBitCast:
		w.markFuncs(c.From)
	case *constant.Array:
		for _, e := range c.Elems {
			w.markFuncs(e)
		}
	case *constant.Struct:
		for _, f := range c.Fields {
			w.markFuncs(f)
		}
	}
}
