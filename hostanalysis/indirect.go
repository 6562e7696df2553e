// This file defines the launches made through host function pointers
// (kernel_t k = up; k<<<g, b>>>(...)): the call of the pointer is a call
// of a launch stub that the pointer holds.

package hostanalysis

import (
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"hgrd/cuda"
	"hgrd/frontend"
	"hgrd/symbolic"
)

// A funcBindings maps the parameters of a walked function that hold
// function pointers to the functions its caller passes in them.
type funcBindings map[*ir.Param][]*ir.Func

// launchedKernels returns the kernels a call launches through their
// stubs: the stub it calls, or for a call through a pointer the stubs the
// pointer may hold. Where the pointer's values can be followed (through
// phis, selects, casts and the parameters bound says the caller filled)
// to functions, those; otherwise every stub whose address the host code
// takes and whose type is the call's.
func (w *walker) launchedKernels(f *ir.Func, call *ir.InstCall, bound funcBindings) []*frontend.Kernel {
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
	if funcs, ok := pointees(f, callee, bound, map[value.Value]bool{}); ok {
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

// pointees returns the functions a function pointer of f may hold, when
// every value it may take is a function, a parameter bound to functions
// or a load from a table of functions (tableFuncs); ok is false
// otherwise.
func pointees(f *ir.Func, v value.Value, bound funcBindings, seen map[value.Value]bool) (funcs []*ir.Func, ok bool) {
	v = symbolic.StripPointerCasts(v)
	if seen[v] {
		return nil, true
	}
	seen[v] = true
	var from []value.Value
	switch x := v.(type) {
	case *ir.Func:
		return []*ir.Func{x}, true
	case *ir.Param:
		fs, ok := bound[x]
		return fs, ok
	case *ir.InstPhi:
		for _, inc := range x.Incs {
			from = append(from, inc.X)
		}
	case *ir.InstSelect:
		from = []value.Value{x.ValueTrue, x.ValueFalse}
	case *ir.InstLoad:
		return tableFuncs(f, x.Src)
	default:
		return nil, false
	}
	for _, u := range from {
		fs, ok := pointees(f, u, bound, seen)
		if !ok {
			return nil, false
		}
		funcs = append(funcs, fs...)
	}
	return funcs, true
}

// funcArgs returns the bindings of g's parameters that a call passes a
// function pointer whose functions are known: a thrust or cub launcher
// handed the kernel it launches (triple_chevron's doit_host(k, ...)).
func funcArgs(f *ir.Func, call *ir.InstCall, g *ir.Func, bound funcBindings) funcBindings {
	out := funcBindings{}
	for i, arg := range call.Args {
		if i >= len(g.Params) || !isFuncPointer(arg.Type()) {
			continue
		}
		if fs, ok := pointees(f, symbolic.UnwrapArg(arg), bound, map[value.Value]bool{}); ok {
			out[g.Params[i]] = fs
		}
	}
	return out
}

// isFuncPointer reports whether t is a pointer to a function.
func isFuncPointer(t types.Type) bool {
	p, ok := t.(*types.PointerType)
	if !ok {
		return false
	}
	_, ok = p.ElemType.(*types.FuncType)
	return ok
}

// addressTaken returns the host functions whose address the host code
// takes: used other than as a call's callee, in instructions or in
// global initialisers. A stub passed to a runtime function that reads
// kernel handles (cuda.ReadsKernelHandle) is not taken by that: every
// stub passes itself to the launch it makes, and were that a taking,
// every launch through a pointer (thrust's and cub's launchers) would
// launch every kernel of its type. It is computed once.
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
				call, isCall := inst.(*ir.InstCall)
				if isCall && cuda.ReadsKernelHandle(symbolic.CalleeName(call)) {
					continue
				}
				for _, op := range u.Operands() {
					if isCall && op == &call.Callee {
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
