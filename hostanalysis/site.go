// This file defines what the walk records at a launch site: the shape and
// arguments of the launch as terms, and the facts of the path to it.

package hostanalysis

import (
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/value"

	"hgrd/expr"
	"hgrd/frontend"
	"hgrd/symbolic"
)

// configureCalls are the runtime entry points that receive a launch's
// shape before the stub is called: clang-14 without a CUDA version uses the
// first, newer setups the second.
var configureCalls = map[string]bool{
	"cudaConfigureCall":           true,
	"__cudaPushCallConfiguration": true,
}

// apiLaunches are the runtime functions that launch the kernel named by
// their first argument, with the grid and block dimensions after it and
// the kernel's arguments in an array: cudaLaunchKernel, and
// cudaLaunchCooperativeKernel for kernels that sync their whole grid.
var apiLaunches = map[string]bool{
	"cudaLaunchKernel":            true,
	"cudaLaunchCooperativeKernel": true,
}

// apiLaunchKernel returns the kernel that a call in f to one of the
// apiLaunches launches, or nil. A launch stub's own call of
// cudaLaunchKernel is not a launch site.
func (w *walker) apiLaunchKernel(f *ir.Func, call *ir.InstCall) *frontend.Kernel {
	g, ok := call.Callee.(*ir.Func)
	if !ok || !apiLaunches[g.Name()] || len(call.Args) == 0 || w.u.KernelOfStub(f) != nil {
		return nil
	}
	stub, ok := stripCasts(call.Args[0]).(*ir.Func)
	if !ok {
		return nil
	}
	return w.u.KernelOfStub(stub)
}

// stripCasts returns a value without its pointer casts.
func stripCasts(v value.Value) value.Value {
	for {
		switch c := symbolic.UnwrapArg(v).(type) {
		case *constant.ExprBitCast:
			v = c.From
		case *ir.InstBitCast:
			v = c.From
		default:
			return symbolic.UnwrapArg(v)
		}
	}
}

// apiLaunch records the launch of kernel k by a call of cudaLaunchKernel
// or cudaLaunchCooperativeKernel: its shape is known, its arguments (in
// an array of pointers) are not read.
func (w *walker) apiLaunch(ev *symbolic.Evaluator, f *ir.Func, b *ir.Block, call *ir.InstCall, k *frontend.Kernel, facts []Fact, via []frontend.Pos) *Launch {
	pos, _ := w.u.Pos(call)
	l := &Launch{Kernel: k, Caller: f, Call: call, Pos: pos, Via: via, Pointers: map[int]Pointer{}}
	if len(call.Args) >= 5 {
		l.Grid = dim3(ev, call.Args[1], call.Args[2])
		l.Block = dim3(ev, call.Args[3], call.Args[4])
	}
	return w.finishLaunch(ev, b, call, l, facts)
}

// launch records the launch of kernel k by the stub call in block b.
func (w *walker) launch(ev *symbolic.Evaluator, f *ir.Func, b *ir.Block, call *ir.InstCall, k *frontend.Kernel, facts []Fact, via []frontend.Pos) *Launch {
	pos, _ := w.u.Pos(call)
	l := &Launch{Kernel: k, Caller: f, Call: call, Pos: pos, Via: via, Args: intArgs(ev, call),
		Pointers: map[int]Pointer{}}
	for i, arg := range call.Args {
		if symbolic.PointerType(arg.Type()) {
			if p, ok := pointerArg(ev, ev.Namespace, arg); ok {
				l.Pointers[i] = p
			}
		}
	}
	if cfg := configureBefore(ev, b, call); cfg != nil && len(cfg.Args) >= 4 {
		l.Grid = dim3(ev, cfg.Args[0], cfg.Args[1])
		l.Block = dim3(ev, cfg.Args[2], cfg.Args[3])
	}
	return w.finishLaunch(ev, b, call, l, facts)
}

// finishLaunch adds the facts of the path to a launch and its constants.
func (w *walker) finishLaunch(ev *symbolic.Evaluator, b *ir.Block, call *ir.InstCall, l *Launch, facts []Fact) *Launch {
	pos := l.Pos
	l.Facts = append(append([]Fact(nil), facts...), w.factsAt(ev, b, call)...)
	var terms []*expr.Term
	for _, t := range append(append(append([]*expr.Term(nil), l.Grid[:]...), l.Block[:]...), l.Args...) {
		if t != nil {
			terms = append(terms, t)
		}
	}
	for _, fact := range l.Facts {
		terms = append(terms, fact.Cond)
	}
	if d := ev.Definedness(terms...); !d.IsTrue() {
		l.Facts = append(l.Facts, Fact{Kind: Definedness, Cond: d, Pos: pos})
	}
	l.constants()
	return l
}

// dim3 returns the terms of a dim3 passed coerced as (i64 x | y<<32, i32 z).
func dim3(ev *symbolic.Evaluator, xy, z value.Value) [3]*expr.Term {
	xyt, zt := ev.Term(xy), ev.Term(z)
	if xyt.Width != 64 || zt.Width != 32 {
		return [3]*expr.Term{}
	}
	return [3]*expr.Term{expr.Trunc(xyt, 32), expr.Trunc(expr.LShr(xyt, expr.Const(32, 64)), 32), zt}
}

// configureBefore finds the configuration call that precedes call: earlier
// in its block, or in the chain of immediate dominators.
func configureBefore(ev *symbolic.Evaluator, b *ir.Block, call *ir.InstCall) *ir.InstCall {
	limit := indexOf(b, call)
	for ; b != nil; b = ev.G.IDom[b] {
		for j := limit - 1; j >= 0; j-- {
			if c, ok := b.Insts[j].(*ir.InstCall); ok {
				if f, ok := c.Callee.(*ir.Func); ok && configureCalls[f.Name()] {
					return c
				}
			}
		}
		if d := ev.G.IDom[b]; d != nil {
			limit = len(d.Insts)
		}
	}
	return nil
}

func indexOf(b *ir.Block, inst ir.Instruction) int {
	for i, x := range b.Insts {
		if x == inst {
			return i
		}
	}
	return len(b.Insts)
}
