// This file defines which allocation each pointer argument of a launch
// points into, so that parameters sharing an allocation are known to.

package hostanalysis

import (
	"fmt"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/value"

	"hgrd/cuda"
	"hgrd/expr"
	"hgrd/symbolic"
)

// A Pointer is where a pointer argument points: into an allocation, at a
// byte offset.
type Pointer struct {
	Allocation string     // the variable the allocation was stored in, such as "main#1.x"
	Offset     *expr.Term // bytes from the allocation's start, 64-bit
	// Size is the allocation's size in bytes, 64-bit, where the
	// allocation the variable holds at the launch is known; nil if not.
	Size *expr.Term
	// Contents are what the host stored into the allocation's fields
	// through a buffer it copied there (see Contents).
	Contents []Contents
	// Distinct says that the allocation's first elements hold pairwise
	// different values (see Distinct); nil if nothing is known.
	Distinct *Distinct
	// Ordered says that its first elements are in order (see Ordered);
	// nil if nothing is known.
	Ordered *Ordered

	slot *ir.InstAlloca // the variable
	home *pointerHome   // where the variable's function calls towards the launch; nil if it launches
	// choice, if set, is the pointers a select or a phi chooses among;
	// slot is then nil.
	choice *pointerChoice
}

// A pointerChoice is a pointer chosen among others: the ping-pong
// buffers of an iterative kernel (in = even ? a : b; out = even ? b : a),
// a select or the phi that merges a conditional's branches. The i-th
// alternative is chosen when conds[i] holds and no earlier one does; the
// last, which has no condition, otherwise.
type pointerChoice struct {
	conds []*expr.Term
	alts  []Pointer
}

// pick returns the term that is the chosen alternative's term (the
// alternatives' term itself where they all have the same), or nil if
// one of them has none.
func (c *pointerChoice) pick(term func(Pointer) *expr.Term) *expr.Term {
	t := term(c.alts[len(c.alts)-1])
	for i := len(c.conds) - 1; i >= 0 && t != nil; i-- {
		x := term(c.alts[i])
		switch {
		case x == nil:
			return nil
		case !expr.Equal(x, t):
			t = expr.Ite(c.conds[i], x, t)
		}
	}
	return t
}

// A pointerHome is where a caller of the launching function calls
// towards the launch: its allocation sizes and contents are those there.
type pointerHome struct {
	ev    *symbolic.Evaluator
	block *ir.Block
	inst  ir.Instruction
}

// sizeAndContents fills the pointer's Size and Contents where the launch
// call inst in block b of ev's function runs, or where its variable's
// function calls towards it.
func (p *Pointer) sizeAndContents(w *walker, ev *symbolic.Evaluator, b *ir.Block, inst ir.Instruction) {
	if p.home != nil {
		ev, b, inst = p.home.ev, p.home.block, p.home.inst
	}
	if c := p.choice; c != nil {
		for i := range c.alts {
			c.alts[i].sizeAndContents(w, ev, b, inst)
		}
		p.Size = c.pick(func(a Pointer) *expr.Term { return a.Size })
		return
	}
	p.Size = allocationSize(ev, b, inst, p.slot)
	p.Contents = w.contentsOf(ev, p.slot)
	if p.home == nil {
		// Where the variable's function calls towards the launch, the
		// callee may write the allocation before it launches.
		p.Distinct, p.Ordered = w.rangesAt(ev, b, inst, p.slot)
	}
}

// pointerArg resolves a pointer argument to the allocation held by a host
// variable (the one cudaMalloc and its kin wrote), through casts and
// pointer arithmetic; ok is false when the walk cannot tell, and the
// parameter then points into an allocation of its own.
func pointerArg(ev *symbolic.Evaluator, namespace string, v value.Value) (Pointer, bool) {
	v = symbolic.UnwrapArg(v)
	switch p := v.(type) {
	case *ir.InstBitCast:
		return pointerArg(ev, namespace, p.From)
	case *ir.InstAddrSpaceCast:
		return pointerArg(ev, namespace, p.From)
	case *ir.InstGetElementPtr:
		base, ok := pointerArg(ev, namespace, p.Src)
		if !ok || len(p.Indices) != 1 {
			return Pointer{}, false
		}
		idx, ok := signed64(ev, p.Indices[0])
		if !ok {
			return Pointer{}, false
		}
		step := expr.Mul(idx, expr.Const(uint64(symbolic.SizeOf(p.ElemType)), 64))
		base.Offset = expr.Add(base.Offset, step)
		return base, true
	case *ir.InstSelect:
		cond := ev.Term(p.Cond)
		if !cond.IsBool() {
			return Pointer{}, false
		}
		return choiceArg(ev, namespace, p, []*expr.Term{cond}, []value.Value{p.ValueTrue, p.ValueFalse})
	case *ir.InstPhi:
		return phiArg(ev, namespace, p)
	case *ir.InstLoad:
		if v, ok := storedValue(p, ev.G); ok {
			return pointerArg(ev, namespace, v)
		}
		if slot, ok := p.Src.(*ir.InstAlloca); ok {
			return Pointer{Allocation: fmt.Sprintf("%s%s", namespace, slot.Name()), Offset: expr.Const(0, 64), slot: slot}, true
		}
	}
	return Pointer{}, false
}

// signed64 returns the term of integer v sign-extended to 64 bits, as an
// index or a count; ok is false for a boolean.
func signed64(ev *symbolic.Evaluator, v value.Value) (*expr.Term, bool) {
	t := ev.Term(v)
	if t.IsBool() {
		return nil, false
	}
	if t.Width < 64 {
		t = expr.SExt(t, 64)
	}
	return t, true
}

// choiceArg resolves a pointer v that chooses among resolved ones, vals
// (see pointerChoice for conds). It points into their allocation if they
// all point into one; otherwise into an allocation of its own, as an
// unresolved pointer does, named after v so that parameters passed the
// same choice share it. It points at the chosen pointer's offset: its
// start and, where all are known, its size are those of the allocation
// chosen, so that an access through it stays inside the one chosen.
func choiceArg(ev *symbolic.Evaluator, namespace string, v value.Named, conds []*expr.Term, vals []value.Value) (Pointer, bool) {
	c := &pointerChoice{conds: conds}
	for _, x := range vals {
		a, ok := pointerArg(ev, namespace, x)
		if !ok || a.choice != nil {
			return Pointer{}, false
		}
		c.alts = append(c.alts, a)
	}
	group := c.alts[0].Allocation
	for _, a := range c.alts {
		if a.Allocation != group {
			group = fmt.Sprintf("%s%s", namespace, v.Name())
		}
	}
	return Pointer{
		Allocation: group,
		Offset:     c.pick(func(a Pointer) *expr.Term { return a.Offset }),
		choice:     c,
	}, true
}

// phiArg resolves a pointer that a phi merging branches chooses (see
// choiceArg), each incoming value under the condition that its edge was
// taken. A loop's phi is not resolved: which iteration's pointer it holds
// is not one of its incoming values' conditions.
func phiArg(ev *symbolic.Evaluator, namespace string, phi *ir.InstPhi) (Pointer, bool) {
	b := ev.G.Where[phi]
	if l := ev.G.LoopOf[b]; l != nil && l.Header == b {
		return Pointer{}, false
	}
	var conds []*expr.Term
	var vals []value.Value
	for _, inc := range phi.Incs {
		pred := symbolic.AsBlock(inc.Pred)
		if _, reachable := ev.G.Order[pred]; !reachable {
			continue
		}
		conds = append(conds, ev.EdgeTaken(pred, b))
		vals = append(vals, inc.X)
	}
	if len(vals) == 0 {
		return Pointer{}, false
	}
	return choiceArg(ev, namespace, phi, conds[:len(conds)-1], vals)
}

// allocationSize returns the size in bytes, 64-bit, of the allocation
// that variable slot holds at inst in block b: that of the nearest
// allocation call through slot that dominates inst, nil if none or if its
// size is not a byte count (a pitched allocation).
func allocationSize(ev *symbolic.Evaluator, b *ir.Block, inst ir.Instruction, slotVar *ir.InstAlloca) *expr.Term {
	if slotVar == nil {
		return nil
	}
	call := nearestCallBefore(ev, b, inst, func(c *ir.InstCall) bool {
		alloc, ok := cuda.LookupAllocation(symbolic.CalleeName(c))
		if !ok || alloc.Out == cuda.NoArg || alloc.Out >= len(c.Args) {
			return false
		}
		s, ok := slot(c.Args[alloc.Out])
		return ok && s == slotVar
	})
	if call == nil {
		return nil
	}
	alloc, _ := cuda.LookupAllocation(symbolic.CalleeName(call))
	if alloc.Pitched {
		return nil
	}
	size := expr.Const(1, 64)
	for _, i := range alloc.Sizes {
		if i >= len(call.Args) {
			return nil
		}
		t := ev.Term(call.Args[i])
		if t.IsBool() {
			return nil
		}
		if t.Width < 64 {
			t = expr.ZExt(t, 64)
		}
		size = expr.Mul(size, t)
	}
	return size
}
