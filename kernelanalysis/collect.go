// This file defines the collection of a kernel's accesses from what each
// instruction does to memory (effects.go).

package kernelanalysis

import (
	"fmt"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"hgrd/cuda"
	"hgrd/expr"
	"hgrd/symbolic"
)

// collect records every access to global or shared memory, the kernel's
// assumptions, and what it could not analyse.
func (a *analyzer) collect() {
	for _, b := range a.ev.G.Blocks {
		for _, inst := range b.Insts {
			a.collectInst(inst, b)
		}
	}
}

// collectInst records what one instruction does to memory, and the
// assumptions it states.
func (a *analyzer) collectInst(inst ir.Instruction, b *ir.Block) {
	if a.deadLoad(inst) {
		return
	}
	for _, e := range memoryEffects(inst) {
		if e.opaque {
			a.unknownCall(inst.(*ir.InstCall))
			continue
		}
		for _, acc := range a.addAccess(inst, b, e.ptr, e.kind, a.effectSize(e), e.scope) {
			if e.kind == Atomic {
				acc.Op = cuda.AtomicName(e.op, e.scope)
			}
		}
	}
}

// effectSize returns the number of bytes an effect touches, as a 64-bit
// term.
func (a *analyzer) effectSize(e effect) *expr.Term {
	if e.length != nil {
		return a.resize64(a.ev.Term(e.length))
	}
	return constSize(e.elem)
}

// unknownCall records a call the analysis cannot see into, if it may touch
// shared or global memory through a pointer argument. A call with no
// position in the user's code is library code (cub's kernels call their
// operators through pointers), which hgrd does not check (analysis's
// libraryPair): it is not recorded either.
func (a *analyzer) unknownCall(c *ir.InstCall) {
	pos, ok := a.unit.Pos(c)
	if !ok {
		return
	}
	for _, arg := range c.Args {
		if !isPointer(arg) {
			continue
		}
		for _, o := range a.objectsOf(arg, map[value.Value]bool{}) {
			if o.Space == Global || o.Space == Shared {
				a.res.Incomplete = append(a.res.Incomplete,
					fmt.Sprintf("%s: call to %s, whose body is not available, may access %s", pos, nameOrIndirect(c), o))
				return
			}
		}
	}
}

func nameOrIndirect(c *ir.InstCall) string {
	if n := symbolic.CalleeName(c); n != "" {
		return n
	}
	return "a function pointer"
}

// constSize returns the store size of a type as a 64-bit term.
func constSize(t types.Type) *expr.Term { return expr.Const(uint64(symbolic.SizeOf(t)), 64) }

// addAccess records an access through ptr, one per object the pointer may
// point into.
func (a *analyzer) addAccess(inst ir.Instruction, b *ir.Block, ptr value.Value, kind AccessKind, size *expr.Term, scope cuda.Scope) []*Access {
	pos, _ := a.unit.Pos(inst)
	var added []*Access
	for _, t := range a.pointerOf(ptr) {
		if t.obj.Space == Private || t.obj.Space == ReadOnly {
			continue
		}
		acc := &Access{
			ID: len(a.res.Accesses), Kind: kind, Object: t.obj, Offset: t.off, Size: size, Extent: accessExtent(t),
			Scope: scope, Inst: inst, Block: b, Pos: pos, Loops: a.ev.G.LoopsOf(b),
		}
		acc.Source = a.describe(ptr, t)
		acc.Unpromised = a.unpromised(t.off)
		if st, ok := inst.(*ir.InstStore); ok && kind == Write {
			acc.Value = a.storedTerm(st.Src)
		}
		if kind == Atomic {
			acc.Value, acc.Unchanged = a.storedValue(inst), leavesUnchanged(inst)
		}
		path := expr.AllOf(a.ev.BlockCond(b), t.cond)
		facts := expr.AllOf(a.factsAt(b, indexOf(b, inst))...)
		acc.Cond = expr.AllOf(path, facts, a.ev.Definedness(path, t.off, size))
		acc.countLoops = a.loopsMentioned(acc.Cond, acc.Offset, acc.Size)
		a.res.Accesses = append(a.res.Accesses, acc)
		added = append(added, acc)
	}
	return added
}

// unpromised returns the arithmetic of the 32-bit indices that off
// sign-extends that the IR does not promise is free of signed wrap.
func (a *analyzer) unpromised(off *expr.Term) []*expr.Term {
	var out []*expr.Term
	expr.Inspect(off, func(t *expr.Term) bool {
		if t.Op == expr.OpSExt && t.Args[0].Width == 32 {
			out = append(out, a.ev.Unpromised(t.Args[0])...)
			return false
		}
		return true
	})
	return out
}

// loopsMentioned returns the loops whose iteration counts occur in
// terms. The terms' variables are collected once: an access's condition
// holds its whole path, and a kernel of many loops (hecbench-dev's
// strash) spent 3 s walking it once a loop.
func (a *analyzer) loopsMentioned(terms ...*expr.Term) []*Loop {
	names := map[string]bool{}
	for _, t := range terms {
		for _, v := range expr.Vars(t) {
			names[v.Name] = true
		}
	}
	var ls []*Loop
	for _, l := range a.ev.G.Loops {
		if names[Iteration(l).Name] {
			ls = append(ls, l)
		}
	}
	return ls
}

// deadLoad reports whether an instruction is a plain load whose value
// nothing uses: the compiler removes it (nvcc optimises device code by
// default), so it reads nothing and races with nothing.
func (a *analyzer) deadLoad(inst ir.Instruction) bool {
	l, ok := inst.(*ir.InstLoad)
	return ok && !l.Volatile && l.Ordering == enum.AtomicOrderingNone && !a.used[l]
}

// usedValues returns the values that instructions and terminators of f
// use as operands.
func usedValues(f *ir.Func) map[value.Value]bool {
	used := map[value.Value]bool{}
	add := func(x interface{}) {
		u, ok := x.(interface{ Operands() []*value.Value })
		if !ok {
			return
		}
		for _, op := range u.Operands() {
			used[symbolic.UnwrapArg(*op)] = true
		}
	}
	for _, b := range f.Blocks {
		for _, inst := range b.Insts {
			add(inst)
		}
		add(b.Term)
	}
	return used
}
