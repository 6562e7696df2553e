// This file defines the allocations whose first elements the host made
// pairwise distinct with thrust, an index list's usual making: a
// sequence, the elements of one that copy_if keeps, the output of
// unique after a sort. A kernel that reads its index from such a list
// at its own position (out[list[i]]) then writes apart from the others.

package hostanalysis

import (
	"slices"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"hgrd/cuda"
	"hgrd/expr"
	"hgrd/frontend"
	"hgrd/symbolic"
)

// A Distinct says that the first Count elements of an allocation, of
// ElemSize bytes each from its start, hold pairwise different values
// where a launch runs.
//
// Example printed form:
//
//	distinct [0, (sub.ptr.div / 1)) of 4 bytes (thrust call at main.cu:40:7)
type Distinct struct {
	ElemSize int64
	Count    *expr.Term // 64-bit, signed
	Pos      frontend.Pos
	// Since are the launches that ran between the call that made the
	// elements distinct and the launch: package analysis, which sees
	// their kernels, drops the fact where one of them, or the launch's
	// own kernel, may write the allocation.
	Since []*ir.InstCall
}

// A rangeFact is what the dataflow knows of an allocation's first
// elements: distinct or in order, up to end. end is an integer count of
// elements, or a pointer that a thrust algorithm returned (the end of
// what it wrote).
type rangeFact struct {
	elem  int64
	end   value.Value
	pos   frontend.Pos
	since []*ir.InstCall
}

func (f *rangeFact) endIsPointer() bool { return symbolic.PointerType(f.end.Type()) }

// A slotFacts is what the dataflow knows of the allocation a variable
// holds.
type slotFacts struct {
	distinct, sorted *rangeFact
}

// A rangeState maps each variable holding an allocation to its facts.
type rangeState map[*ir.InstAlloca]slotFacts

// A rangeFlow is the dataflow of one function: the facts at the start of
// each block, and for each variable the variables whose pointers the
// function stores into it (a launch stub's argument copies, a second
// name for a list) or that it is stored into, which writes through it
// may write too.
type rangeFlow struct {
	in      map[*ir.Block]rangeState
	aliases map[*ir.InstAlloca][]*ir.InstAlloca
}

// end ends the facts of the allocation variable s holds, and of the
// variables that may hold its pointer or that it may hold.
func (r *rangeFlow) end(state rangeState, s *ir.InstAlloca) {
	delete(state, s)
	for _, a := range r.aliases[s] {
		delete(state, a)
	}
}

// storedPointers maps each variable of f to the allocation variables
// whose pointers f stores into it, and each of those back to it.
func storedPointers(f *ir.Func) map[*ir.InstAlloca][]*ir.InstAlloca {
	m := map[*ir.InstAlloca][]*ir.InstAlloca{}
	for _, b := range f.Blocks {
		for _, x := range b.Insts {
			st, ok := x.(*ir.InstStore)
			if !ok {
				continue
			}
			dst, ok1 := slot(st.Dst)
			src, _, ok2 := slotPointer(st.Src)
			if ok1 && ok2 && dst != src && !slices.Contains(m[dst], src) {
				m[dst] = append(m[dst], src)
				m[src] = append(m[src], dst)
			}
		}
	}
	return m
}

// maxRangeRounds bounds the dataflow's rounds over a function; one that
// has not settled by then has no facts.
const maxRangeRounds = 20

// distinctAt returns what makes the allocation that variable slotVar
// holds distinct at instruction inst of block b, or nil.
func (w *walker) distinctAt(ev *symbolic.Evaluator, b *ir.Block, inst ir.Instruction, slotVar *ir.InstAlloca) *Distinct {
	if slotVar == nil {
		return nil
	}
	f := ev.G.Blocks[0].Parent
	flow := w.rangeFlowOf(ev.G, f)
	if flow.in == nil {
		return nil
	}
	state := flow.in[b].clone()
	for _, x := range b.Insts {
		if x == inst {
			break
		}
		w.transfer(f, flow, state, x)
	}
	fact := state[slotVar].distinct
	if fact == nil {
		return nil
	}
	count := countTerm(ev, fact, slotVar, b, inst)
	if count == nil {
		return nil
	}
	return &Distinct{ElemSize: fact.elem, Count: count, Pos: fact.pos, Since: fact.since}
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
			if !dominatesBlock(ev.G, d, b) {
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
	t := ev.Term(v)
	if t.IsBool() {
		return nil
	}
	if t.Width < 64 {
		t = expr.SExt(t, 64)
	}
	return t
}

func dominatesBlock(g *symbolic.Graph, d, b *ir.Block) bool {
	for ; b != nil; b = g.IDom[b] {
		if b == d {
			return true
		}
	}
	return false
}

// rangeFlowOf returns the dataflow of f, computed once per function; its
// in is nil if it did not settle.
func (w *walker) rangeFlowOf(g *symbolic.Graph, f *ir.Func) *rangeFlow {
	if flow, ok := w.ranges[f]; ok {
		return flow
	}
	flow := &rangeFlow{aliases: storedPointers(f)}
	in := map[*ir.Block]rangeState{}
	out := map[*ir.Block]rangeState{}
	settled := false
	for round := 0; round < maxRangeRounds && !settled; round++ {
		settled = true
		for i, b := range g.Blocks {
			state := rangeState{}
			if i > 0 {
				state = meet(b, g.Preds[b], out)
			}
			in[b] = state
			next := state.clone()
			for _, x := range b.Insts {
				w.transfer(f, flow, next, x)
			}
			if old, ok := out[b]; !ok || !old.equal(next) {
				settled = false
			}
			out[b] = next
		}
	}
	if settled {
		flow.in = in
	}
	w.ranges[f] = flow
	return flow
}

func (s rangeState) clone() rangeState {
	c := make(rangeState, len(s))
	for k, v := range s {
		c[k] = v
	}
	return c
}

func (s rangeState) equal(o rangeState) bool {
	if len(s) != len(o) {
		return false
	}
	for k, v := range s {
		u, ok := o[k]
		if !ok || !sameFact(v.distinct, u.distinct) || !sameFact(v.sorted, u.sorted) {
			return false
		}
	}
	return true
}

func sameFact(a, b *rangeFact) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.elem == b.elem && a.end == b.end && a.pos == b.pos && slices.Equal(a.since, b.since)
}

// meet is what holds at the start of block b: the facts that hold at the
// end of each of its predecessors the dataflow has reached, their ends
// merged by a phi of b where they differ.
func meet(b *ir.Block, preds []*ir.Block, out map[*ir.Block]rangeState) rangeState {
	var reached []*ir.Block
	for _, p := range preds {
		if _, ok := out[p]; ok {
			reached = append(reached, p)
		}
	}
	state := rangeState{}
	if len(reached) == 0 {
		return state
	}
	for slotVar := range out[reached[0]] {
		var sf slotFacts
		sf.distinct = meetFacts(b, slotVar, reached, out, func(s slotFacts) *rangeFact { return s.distinct })
		sf.sorted = meetFacts(b, slotVar, reached, out, func(s slotFacts) *rangeFact { return s.sorted })
		if sf.distinct != nil || sf.sorted != nil {
			state[slotVar] = sf
		}
	}
	return state
}

// meetFacts merges one fact of a variable over predecessors: nil unless
// each has it, with the same element size and one end, or ends that a
// phi of b merges.
func meetFacts(b *ir.Block, slotVar *ir.InstAlloca, preds []*ir.Block, out map[*ir.Block]rangeState, pick func(slotFacts) *rangeFact) *rangeFact {
	facts := make([]*rangeFact, len(preds))
	for i, p := range preds {
		facts[i] = pick(out[p][slotVar])
		if facts[i] == nil || facts[i].elem != facts[0].elem {
			return nil
		}
	}
	merged := *facts[0]
	merged.since = nil
	for _, f := range facts {
		for _, c := range f.since {
			if !slices.Contains(merged.since, c) {
				merged.since = append(merged.since, c)
			}
		}
	}
	if merged.end = mergedEnd(b, slotVar, preds, facts); merged.end == nil {
		return nil
	}
	return &merged
}

// mergedEnd is the end of facts at the start of b: their one end, or a
// phi of b whose incoming value from each predecessor is that one's end
// (or the count its end pointer makes).
func mergedEnd(b *ir.Block, slotVar *ir.InstAlloca, preds []*ir.Block, facts []*rangeFact) value.Value {
	same := true
	for _, f := range facts {
		same = same && sameValue(f.end, facts[0].end)
	}
	if same {
		return facts[0].end
	}
	for _, x := range b.Insts {
		phi, ok := x.(*ir.InstPhi)
		if !ok {
			break
		}
		if phiMerges(phi, slotVar, preds, facts) {
			return phi
		}
	}
	return nil
}

// phiMerges reports whether phi's incoming value from each predecessor
// is that predecessor's end, or the count of its end pointer.
func phiMerges(phi *ir.InstPhi, slotVar *ir.InstAlloca, preds []*ir.Block, facts []*rangeFact) bool {
	for i, p := range preds {
		v := incoming(phi, p)
		f := facts[i]
		if v == nil {
			return false
		}
		if sameValue(v, f.end) {
			continue
		}
		if f.endIsPointer() && !symbolic.PointerType(phi.Type()) && isLength(v, f.end, slotVar, f.elem) {
			continue
		}
		return false
	}
	return true
}

func incoming(phi *ir.InstPhi, pred *ir.Block) value.Value {
	for _, inc := range phi.Incs {
		if inc.Pred == pred {
			return inc.X
		}
	}
	return nil
}

// sameValue reports whether two values are one: the same instruction or
// argument, equal integer constants, or the same extension of one value
// (each computation of nObjs's 64-bit form).
func sameValue(a, b value.Value) bool {
	if a == b {
		return true
	}
	switch x := a.(type) {
	case *constant.Int:
		y, ok := b.(*constant.Int)
		return ok && x.X.Cmp(y.X) == 0 && x.Typ.BitSize == y.Typ.BitSize
	case *ir.InstSExt:
		y, ok := b.(*ir.InstSExt)
		return ok && x.To.Equal(y.To) && sameValue(x.From, y.From)
	case *ir.InstZExt:
		y, ok := b.(*ir.InstZExt)
		return ok && x.To.Equal(y.To) && sameValue(x.From, y.From)
	}
	return false
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

// transfer applies instruction x of f to state: thrust's algorithms
// make, keep or end facts; a launch is noted in every fact; anything
// else that may write an allocation, or a variable that holds one, ends
// its facts.
func (w *walker) transfer(f *ir.Func, flow *rangeFlow, state rangeState, x ir.Instruction) {
	switch i := x.(type) {
	case *ir.InstStore:
		if s, ok := slot(i.Dst); ok {
			delete(state, s)
		}
		if s, _, ok := slotPointer(i.Src); ok && !isAlloca(i.Dst) {
			flow.end(state, s)
		}
	case *ir.InstCall:
		w.transferCall(f, flow, state, i)
	}
}

func isAlloca(v value.Value) bool {
	_, ok := symbolic.StripPointerCasts(v).(*ir.InstAlloca)
	return ok
}

func (w *walker) transferCall(f *ir.Func, flow *rangeFlow, state rangeState, call *ir.InstCall) {
	name := symbolic.CalleeName(call)
	if len(w.launchedKernels(call, nil)) > 0 || w.apiLaunchKernel(f, call) != nil {
		for s, sf := range state {
			state[s] = slotFacts{distinct: sf.distinct.after(call), sorted: sf.sorted.after(call)}
		}
		return
	}
	if t, ok := cuda.LookupThrust(name); ok {
		w.applyThrust(flow, state, call, t)
		return
	}
	copyFn, isCopy := cuda.LookupCopy(name)
	for j, a := range call.Args {
		if s, ok := slot(a); ok {
			flow.end(state, s) // a new allocation, or one the callee may write
			continue
		}
		s, _, ok := slotPointer(a)
		if !ok || (isCopy && j == copyFn.Src) {
			continue
		}
		flow.end(state, s)
	}
}

// after is the fact once launch call has run.
func (f *rangeFact) after(call *ir.InstCall) *rangeFact {
	if f == nil {
		return nil
	}
	g := *f
	g.since = append(slices.Clip(f.since), call)
	return &g
}

// applyThrust applies a call of a modelled thrust algorithm.
func (w *walker) applyThrust(flow *rangeFlow, state rangeState, call *ir.InstCall, t cuda.Thrust) {
	arg := func(i int) value.Value {
		if i == cuda.NoArg || i >= len(call.Args) {
			return nil
		}
		return symbolic.UnwrapArg(call.Args[i])
	}
	first, last, result := arg(t.First), arg(t.Last), arg(t.Result)
	src, srcOff, ok := slotPointer(first)
	if first == nil || last == nil || !ok {
		flow.endArgs(state, call)
		return
	}
	pos, _ := w.u.Pos(call)
	elem := elemSize(first)
	facts := state[src]
	switch t.Algorithm {
	case cuda.ThrustSequence:
		end, ok := countEnd(src, last)
		if ok && srcOff == nil && elem > 0 {
			fact := &rangeFact{elem: elem, end: end, pos: pos}
			state[src] = slotFacts{distinct: fact, sorted: fact}
			return
		}
	case cuda.ThrustSort:
		if srcOff == nil && elem > 0 {
			sorted := &rangeFact{elem: elem, end: endOf(src, last), pos: pos}
			distinct := facts.distinct
			if distinct != nil && !sameValue(distinct.end, sorted.end) {
				distinct = nil
			}
			state[src] = slotFacts{distinct: distinct, sorted: sorted}
			return
		}
	case cuda.ThrustCopyIf:
		d := facts.distinct
		if dst, dstOff, ok := slotPointer(result); ok {
			flow.end(state, dst)
			if d != nil && d.elem == elem && elemSize(result) == elem && dstOff == nil && within(d, src, last) {
				fact := &rangeFact{elem: elem, end: call, pos: pos}
				state[dst] = slotFacts{distinct: fact}
			}
			return
		}
	case cuda.ThrustUniqueCopy:
		s := facts.sorted
		if dst, dstOff, ok := slotPointer(result); ok {
			flow.end(state, dst)
			if t.EqualTo && s != nil && s.elem == elem && srcOff == nil && dstOff == nil && sameValue(s.end, endOf(src, last)) {
				fact := &rangeFact{elem: elem, end: call, pos: pos}
				state[dst] = slotFacts{distinct: fact, sorted: fact}
			}
			return
		}
	}
	flow.endArgs(state, call)
}

// endArgs ends the facts of every allocation a call may write.
func (r *rangeFlow) endArgs(state rangeState, call *ir.InstCall) {
	for _, a := range call.Args {
		if s, _, ok := slotPointer(a); ok {
			r.end(state, s)
		}
	}
}

// countEnd returns the count of elements a range [start, last) of the
// allocation src holds covers, where last is start plus a count.
func countEnd(src *ir.InstAlloca, last value.Value) (value.Value, bool) {
	s, off, ok := slotPointer(last)
	if !ok || s != src || off == nil {
		return nil, false
	}
	return off, true
}

// endOf returns a range's end as a fact records it: a count where last
// is the allocation's start plus one, else the pointer last.
func endOf(src *ir.InstAlloca, last value.Value) value.Value {
	if end, ok := countEnd(src, last); ok {
		return end
	}
	return symbolic.StripPointerCasts(last)
}

// within reports whether a range of the allocation src that ends at last
// lies inside the distinct elements d: it ends where they end (a correct
// program's range starts inside its allocation).
func within(d *rangeFact, src *ir.InstAlloca, last value.Value) bool {
	return sameValue(d.end, endOf(src, last))
}
