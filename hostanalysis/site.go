// This file defines what the walk records at a launch site: the shape and
// arguments of the launch as terms, and the facts of the path to it.

package hostanalysis

import (
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/value"

	"hgrd/cuda"
	"hgrd/expr"
	"hgrd/frontend"
	"hgrd/symbolic"
)

// launchFunc returns the launch function a call calls, if it is one of
// the kind.
func launchFunc(call *ir.InstCall, kind cuda.LaunchKind) (cuda.LaunchFunc, bool) {
	g, ok := call.Callee.(*ir.Func)
	if !ok {
		return cuda.LaunchFunc{}, false
	}
	spec, ok := cuda.LookupLaunch(g.Name())
	return spec, ok && spec.Kind == kind
}

// apiLaunchKernel returns the kernel that a call in f to an API launch
// function (cudaLaunchKernel) launches, or nil. A launch stub's own call
// of cudaLaunchKernel is not a launch site.
func (w *walker) apiLaunchKernel(f *ir.Func, call *ir.InstCall) *frontend.Kernel {
	spec, ok := launchFunc(call, cuda.APILaunch)
	if !ok || len(call.Args) <= spec.Kernel || w.u.KernelOfStub(f) != nil {
		return nil
	}
	stub, ok := symbolic.StripPointerCasts(call.Args[spec.Kernel]).(*ir.Func)
	if !ok {
		return nil
	}
	return w.u.KernelOfStub(stub)
}

// apiLaunch records the launch of kernel k by a call of cudaLaunchKernel
// or cudaLaunchCooperativeKernel: its shape, and its arguments where the
// array of pointers to them can be followed.
func (w *walker) apiLaunch(ev *symbolic.Evaluator, f *ir.Func, b *ir.Block, call *ir.InstCall, k *frontend.Kernel, facts []Fact, via []frontend.Pos) *Launch {
	pos, _ := w.u.Pos(call)
	l := &Launch{Kernel: k, Caller: f, Call: call, Pos: pos, Via: via, Pointers: map[int]Pointer{}, Fields: map[int][]FieldArg{}}
	spec, _ := launchFunc(call, cuda.APILaunch)
	l.Grid, l.Block = shape(ev, spec, call)
	if spec.Args < len(call.Args) {
		arrayArgs(w.frames[ev], b, call, call.Args[spec.Args], k, l)
	}
	return w.finishLaunch(ev, b, call, l, facts)
}

// launch records the launch of kernel k by the stub call in block b.
func (w *walker) launch(ev *symbolic.Evaluator, f *ir.Func, b *ir.Block, call *ir.InstCall, k *frontend.Kernel, facts []Fact, via []frontend.Pos) *Launch {
	pos, _ := w.u.Pos(call)
	l := &Launch{Kernel: k, Caller: f, Call: call, Pos: pos, Via: via, Pointers: map[int]Pointer{}, Fields: map[int][]FieldArg{}}
	w.stubArgs(ev, b, call, k, l)
	if cfg := configureBefore(ev, b, call); cfg != nil {
		spec, _ := launchFunc(cfg, cuda.Configuration)
		l.Grid, l.Block = shape(ev, spec, cfg)
	}
	return w.finishLaunch(ev, b, call, l, facts)
}

// stubArgs fills a launch's arguments from the call of the kernel's stub,
// by the stub's layout: a stub parameter may be a kernel parameter, some
// bytes of one passed by value, or a pointer to the whole of it.
func (w *walker) stubArgs(ev *symbolic.Evaluator, b *ir.Block, call *ir.InstCall, k *frontend.Kernel, l *Launch) {
	l.Args = make([]*expr.Term, len(k.Func.Params))
	layout, ok := w.layoutOf(k)
	if !ok || len(layout) != len(call.Args) {
		return
	}
	for j, arg := range call.Args {
		slot := layout[j]
		switch {
		case slot.ByVal:
			l.Fields[slot.Param] = append(l.Fields[slot.Param], memoryFields(w.frames[ev], place{b, call}, arg)...)
		case byValue(k.Func.Params[slot.Param]):
			if fa, ok := fieldArg(w.frames[ev], arg, slot.Offset); ok {
				l.Fields[slot.Param] = append(l.Fields[slot.Param], fa)
			}
		case symbolic.PointerType(arg.Type()):
			if p, ok := w.frames[ev].pointer(arg); ok {
				l.Pointers[slot.Param] = p
			}
		case symbolic.WidthOf(arg.Type()) >= expr.Bool:
			l.Args[slot.Param] = ev.Term(arg)
		}
	}
}

// layoutOf returns the layout of k's stub, computed once.
func (w *walker) layoutOf(k *frontend.Kernel) ([]stubSlot, bool) {
	if r, ok := w.layouts[k]; ok {
		return r.slots, r.ok
	}
	slots, ok := stubLayout(k.Stub, len(k.Func.Params))
	w.layouts[k] = layoutResult{slots, ok}
	return slots, ok
}

// A layoutResult is a stub's layout, or that it has none.
type layoutResult struct {
	slots []stubSlot
	ok    bool
}

// byValue reports whether a kernel parameter is passed by value in the
// parameter space (a struct).
func byValue(p *ir.Param) bool {
	for _, attr := range p.Attrs {
		if _, ok := attr.(ir.Byval); ok {
			return true
		}
	}
	return false
}

// fieldArg returns what a host value passes at a byte offset of a
// by-value parameter.
func fieldArg(fr *frame, v value.Value, off int64) (FieldArg, bool) {
	if symbolic.PointerType(v.Type()) {
		p, ok := fr.pointer(v)
		return FieldArg{Offset: off, Pointer: &p}, ok
	}
	if symbolic.WidthOf(v.Type()) > 0 {
		return FieldArg{Offset: off, Term: fr.ev.Term(v)}, true
	}
	return FieldArg{}, false
}

// finishLaunch adds the facts of the path to a launch and its constants.
func (w *walker) finishLaunch(ev *symbolic.Evaluator, b *ir.Block, call *ir.InstCall, l *Launch, facts []Fact) *Launch {
	pos := l.Pos
	l.Facts = append(append([]Fact(nil), facts...), w.factsAt(ev, b, call)...)
	for i, p := range l.Pointers {
		p.sizeAndContents(w, ev, b, call)
		l.Pointers[i] = p
	}
	for _, fields := range l.Fields {
		for _, f := range fields {
			if f.Pointer != nil {
				f.Pointer.sizeAndContents(w, ev, b, call)
			}
		}
	}
	l.Facts = l.withoutIdleExits()
	terms := l.valueTerms()
	for _, fact := range l.Facts {
		terms = append(terms, fact.Cond)
	}
	if inv := ev.LoopInvariants(terms...); !inv.IsTrue() {
		l.Facts = append(l.Facts, Fact{Kind: LoopInvariant, Cond: inv, Pos: pos})
	}
	if d := ev.Definedness(terms...); !d.IsTrue() {
		l.Facts = append(l.Facts, Fact{Kind: Definedness, Cond: d, Pos: pos})
	}
	l.constants()
	return l
}

// shape returns the grid and block dimensions that a call of a launch
// function passes, or nil terms if the call does not pass both.
func shape(ev *symbolic.Evaluator, spec cuda.LaunchFunc, call *ir.InstCall) (grid, block [3]*expr.Term) {
	if len(call.Args) < max(spec.Grid, spec.Block)+cuda.Dim3Parts {
		return grid, block
	}
	return dim3(ev, call.Args[spec.Grid:]), dim3(ev, call.Args[spec.Block:])
}

// dim3 returns the terms of the dim3 that starts the arguments args,
// passed as cuda.Dim3Component says.
func dim3(ev *symbolic.Evaluator, args []value.Value) [3]*expr.Term {
	var parts [cuda.Dim3Parts]*expr.Term
	for i := range parts {
		parts[i] = ev.Term(args[i])
	}
	for i, p := range parts {
		if p.Width != cuda.Dim3PartWidths[i] {
			return [3]*expr.Term{}
		}
	}
	var d [3]*expr.Term
	for axis := range d {
		part, shift := cuda.Dim3Component(axis)
		c := parts[part]
		if shift > 0 {
			c = expr.LShr(c, expr.Const(uint64(shift), c.Width))
		}
		d[axis] = expr.Trunc(c, cuda.Dim3ComponentWidth)
	}
	return d
}

// configureBefore finds the configuration call that precedes call: earlier
// in its block, or in the chain of immediate dominators.
func configureBefore(ev *symbolic.Evaluator, b *ir.Block, call *ir.InstCall) *ir.InstCall {
	return nearestCallBefore(ev, b, call, func(c *ir.InstCall) bool {
		_, ok := launchFunc(c, cuda.Configuration)
		return ok
	})
}

// nearestCallBefore returns the nearest call that precedes inst (earlier
// in block b, or in the chain of its immediate dominators, latest first)
// and satisfies match, or nil.
func nearestCallBefore(ev *symbolic.Evaluator, b *ir.Block, inst ir.Instruction, match func(*ir.InstCall) bool) *ir.InstCall {
	limit := indexOf(b, inst)
	for ; b != nil; b = ev.G.IDom[b] {
		for j := limit - 1; j >= 0; j-- {
			if c, ok := b.Insts[j].(*ir.InstCall); ok && match(c) {
				return c
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
