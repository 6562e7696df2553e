// This file defines the allocations whose first elements the host made
// pairwise distinct with thrust, an index list's usual making: a
// sequence, the elements of one that copy_if keeps, the output of
// unique after a sort. A kernel that reads its index from such a list
// at its own position (out[list[i]]) then writes apart from the others.

package hostanalysis

import (
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"hgrd/expr"
	"hgrd/frontend"
	"hgrd/symbolic"
)

// A Range is the first Count elements of an allocation, of ElemSize
// bytes each from its start, as the host call at Pos made them, where a
// launch runs.
type Range struct {
	ElemSize int64
	Count    *expr.Term // 64-bit, signed
	Pos      frontend.Pos
	// Writers are the kernel parameters that launches between that call
	// and the launch passed a pointer into the allocation: package
	// analysis, which sees the kernels, drops the fact where one of them,
	// or the launch's own kernel, may write the allocation.
	Writers []KernelParam
}

// A Distinct says that a range of an allocation holds pairwise different
// values.
//
// As --explain prints it:
//
//	argument list points into main#1.list, whose first phi.1 elements of 4 bytes are distinct (made so at main.cu:46:9)
type Distinct struct {
	Range
}

// An Ordered says that a range of an allocation is in non-decreasing
// order (as signed integers): the running sums of a thrust scan, if the
// values scanned were not negative. Those were what the kernel
// parameters InputWriters wrote into the scanned allocation since it was
// made, and zeros the host set: package analysis keeps the fact only
// where each such kernel stores non-negative values there. (A scan whose
// sums wrap is not a correct program's.)
type Ordered struct {
	Range
	InputWriters []KernelParam
}

// A KernelParam is a pointer parameter of a kernel that some launch
// passed a pointer into an allocation.
type KernelParam struct {
	Kernel *frontend.Kernel
	Param  int
}

// A rangeFact is what the dataflow knows of an allocation's first
// elements: distinct, sorted or ordered, up to end. end is an integer
// count of elements, or a pointer that a thrust algorithm returned (the
// end of what it wrote); nil for the fact that the allocation holds no
// negative value but what writers wrote.
type rangeFact struct {
	elem    int64
	end     value.Value
	pos     frontend.Pos
	writers []KernelParam // kernel parameters that got the allocation since
	// inputWriters are, for an ordered range, the kernel parameters that
	// may have written the allocation scanned (its non-negative fact's
	// writers).
	inputWriters []KernelParam
}

func (f *rangeFact) endIsPointer() bool { return symbolic.PointerType(f.end.Type()) }

// A slotFacts is what the dataflow knows of the allocation a variable
// holds: a distinct range, a sorted one (equal values adjacent, as any
// sort leaves them), an ordered one (non-decreasing, as a scan of
// non-negative values makes it), and nonNeg if what the host wrote into
// it since its allocation is zeros.
type slotFacts struct {
	distinct, sorted, ordered, nonNeg *rangeFact
}

// rangeFactsAt returns the facts of the allocation that variable slotVar
// holds at instruction inst of block b.
func (w *walker) rangeFactsAt(ev *symbolic.Evaluator, b *ir.Block, inst ir.Instruction, slotVar *ir.InstAlloca) slotFacts {
	if slotVar == nil {
		return slotFacts{}
	}
	f := ev.G.Blocks[0].Parent
	flow := w.rangeFlowOf(ev.G, f)
	if flow.in == nil {
		return slotFacts{}
	}
	state := flow.in[b].clone()
	for _, x := range b.Insts {
		if x == inst {
			break
		}
		w.transfer(f, flow, state, x)
	}
	return state[slotVar]
}

// rangesAt returns what makes the allocation that variable slotVar holds
// distinct and ordered at instruction inst of block b, each nil if
// nothing does.
func (w *walker) rangesAt(ev *symbolic.Evaluator, b *ir.Block, inst ir.Instruction, slotVar *ir.InstAlloca) (*Distinct, *Ordered) {
	facts := w.rangeFactsAt(ev, b, inst, slotVar)
	var d *Distinct
	var o *Ordered
	rangeOf := func(f *rangeFact) (Range, bool) {
		count := countTerm(ev, f, slotVar, b, inst)
		return Range{ElemSize: f.elem, Count: count, Pos: f.pos, Writers: f.writers}, count != nil
	}
	if f := facts.distinct; f != nil {
		if r, ok := rangeOf(f); ok {
			d = &Distinct{r}
		}
	}
	if f := facts.ordered; f != nil {
		if r, ok := rangeOf(f); ok {
			o = &Ordered{r, f.inputWriters}
		}
	}
	return d, o
}

// countTerm is the number of elements fact covers as a term where inst
// runs: the term of its count, or of a count the host computes from its
// end pointer (end - start) before inst. A count the host truncates to
// an int is no more than the elements between: a part of them.
func countTerm(ev *symbolic.Evaluator, fact *rangeFact, slotVar *ir.InstAlloca, b *ir.Block, inst ir.Instruction) *expr.Term {
	v := fact.end
	if fact.endIsPointer() {
		v = nil
		for _, d := range ev.G.Blocks {
			if !ev.G.Dominates(d, b) {
				continue
			}
			for _, x := range d.Insts {
				if d == b && x == inst {
					break
				}
				if xv, ok := x.(value.Value); ok && isLength(xv, fact.end, slotVar, fact.elem) {
					v = xv // the last, the int the host passes rather than the difference it truncates
				}
			}
		}
		if v == nil {
			return nil
		}
	}
	t, _ := signed64(ev, v)
	return t
}

// isLength reports whether v is the number of elements of elem bytes
// between the allocation variable slotVar holds and the pointer end: the
// host's end - start, (ptrtoint end - ptrtoint start) / elem, perhaps
// truncated or extended.
func isLength(v, end value.Value, slotVar *ir.InstAlloca, elem int64) bool {
	for {
		switch c := v.(type) {
		case *ir.InstTrunc:
			v = c.From
			continue
		case *ir.InstSExt:
			v = c.From
			continue
		}
		break
	}
	var diff value.Value
	switch d := v.(type) {
	case *ir.InstSDiv:
		if c, ok := d.Y.(*constant.Int); ok && c.X.IsInt64() && c.X.Int64() == elem {
			diff = d.X
		}
	case *ir.InstAShr:
		if c, ok := d.Y.(*constant.Int); ok && c.X.IsInt64() && int64(1)<<c.X.Int64() == elem {
			diff = d.X
		}
	}
	if elem == 1 {
		diff = v
	}
	sub, ok := diff.(*ir.InstSub)
	if !ok {
		return false
	}
	hi, ok1 := sub.X.(*ir.InstPtrToInt)
	lo, ok2 := sub.Y.(*ir.InstPtrToInt)
	if !ok1 || !ok2 || symbolic.StripPointerCasts(hi.From) != symbolic.StripPointerCasts(end) {
		return false
	}
	s, off, ok := slotPointer(lo.From)
	return ok && s == slotVar && off == nil
}

// slotPointer resolves a pointer to the allocation variable it was
// loaded from and its offset in elements of its type (nil for none),
// through casts and one getelementptr.
func slotPointer(v value.Value) (*ir.InstAlloca, value.Value, bool) {
	v = symbolic.StripPointerCasts(v)
	var off value.Value
	if g, ok := v.(*ir.InstGetElementPtr); ok {
		if len(g.Indices) != 1 {
			return nil, nil, false
		}
		off = g.Indices[0]
		v = symbolic.StripPointerCasts(g.Src)
	}
	load, ok := v.(*ir.InstLoad)
	if !ok {
		return nil, nil, false
	}
	s, ok := slot(load.Src)
	if !ok {
		return nil, nil, false
	}
	if c, ok := off.(*constant.Int); ok && c.X.Sign() == 0 {
		off = nil
	}
	return s, off, true
}

// elemSize is the size of the integer elements a pointer points to, or 0.
func elemSize(v value.Value) int64 {
	p, ok := v.Type().(*types.PointerType)
	if !ok {
		return 0
	}
	w := symbolic.WidthOf(p.ElemType)
	if w <= 0 || w%8 != 0 {
		return 0
	}
	return int64(w / 8)
}
