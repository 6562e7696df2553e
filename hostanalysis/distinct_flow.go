// This file defines the dataflow behind distinct.go: forward through a
// host function, what each allocation variable's first elements are
// known to be up to an end (distinct, with equal values adjacent as a
// sort leaves them, or in order), merged at joins through the phis that
// merge the ends, until nothing changes; and whether what the host wrote
// into the allocation since it was made is zeros, with the kernel
// parameters that got it since.

package hostanalysis

import (
	"slices"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/value"

	"hgrd/cuda"
	"hgrd/frontend"
	"hgrd/symbolic"
)

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

// union returns a with the elements of b it lacks.
func union(a, b []KernelParam) []KernelParam {
	for _, p := range b {
		if !slices.Contains(a, p) {
			a = append(a, p)
		}
	}
	return a
}

// maxRangeRounds bounds the dataflow's rounds over a function; one that
// has not settled by then has no facts.
const maxRangeRounds = 20

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
		if !ok || !sameFact(v.distinct, u.distinct) || !sameFact(v.sorted, u.sorted) ||
			!sameFact(v.ordered, u.ordered) || !sameFact(v.nonNeg, u.nonNeg) {
			return false
		}
	}
	return true
}

func sameFact(a, b *rangeFact) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.elem == b.elem && a.end == b.end && a.pos == b.pos && slices.Equal(a.writers, b.writers) && slices.Equal(a.inputWriters, b.inputWriters)
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
		sf.ordered = meetFacts(b, slotVar, reached, out, func(s slotFacts) *rangeFact { return s.ordered })
		sf.nonNeg = meetFacts(b, slotVar, reached, out, func(s slotFacts) *rangeFact { return s.nonNeg })
		if sf != (slotFacts{}) {
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
	merged.writers, merged.inputWriters = nil, nil
	for _, f := range facts {
		merged.writers = union(merged.writers, f.writers)
		merged.inputWriters = union(merged.inputWriters, f.inputWriters)
	}
	if merged.end == nil { // a non-negative allocation's fact
		return &merged
	}
	if merged.end = mergedEnd(b, slotVar, preds, facts); merged.end == nil {
		return nil
	}
	return &merged
}

// mergedEnd is the end of facts at the start of b: a phi of b whose
// incoming value from each predecessor is that one's end (or the count
// its end pointer makes), or else their one end. The phi comes first: at
// a loop's header before the dataflow reaches its latch, the entry's end
// alone is the phi's incoming value, and the phi is what the loop's
// iterations share.
func mergedEnd(b *ir.Block, slotVar *ir.InstAlloca, preds []*ir.Block, facts []*rangeFact) value.Value {
	for _, x := range b.Insts {
		phi, ok := x.(*ir.InstPhi)
		if !ok {
			break
		}
		if phiMerges(phi, slotVar, preds, facts) {
			return phi
		}
	}
	for _, f := range facts {
		if !sameCount(f.end, facts[0].end) {
			return nil
		}
	}
	return facts[0].end
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
		if sameCount(v, f.end) {
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

// sameCount reports whether two counts are one: the same value, perhaps
// one sign-extended (a count's term is its sign extension, countTerm).
func sameCount(a, b value.Value) bool {
	return sameValue(stripSExt(a), stripSExt(b))
}

func stripSExt(v value.Value) value.Value {
	for {
		x, ok := v.(*ir.InstSExt)
		if !ok {
			return v
		}
		v = x.From
	}
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

// transfer applies instruction x of f to state: thrust's algorithms
// make, keep or end facts; a launch is noted in every fact; anything
// else that may write an allocation, or a variable that holds one, ends
// its facts.
func (w *walker) transfer(f *ir.Func, flow *rangeFlow, state rangeState, x ir.Instruction) {
	switch i := x.(type) {
	case *ir.InstStore:
		dst, toVariable := slot(i.Dst)
		if toVariable {
			delete(state, dst)
		}
		if s, _, ok := slotPointer(i.Src); ok && !toVariable {
			flow.end(state, s)
		}
	case *ir.InstCall:
		w.transferCall(f, flow, state, i)
	}
}

func (w *walker) transferCall(f *ir.Func, flow *rangeFlow, state rangeState, call *ir.InstCall) {
	name := symbolic.CalleeName(call)
	if ks := w.launchedKernels(f, call, nil); len(ks) > 0 {
		w.launchWrites(flow, state, call, ks)
		return
	}
	if w.apiLaunchKernel(f, call) != nil {
		// Its arguments are in an array of pointers to them.
		clear(state)
		return
	}
	if t, ok := cuda.LookupThrust(name); ok {
		w.applyThrust(flow, state, call, t)
		return
	}
	copyFn, isCopy := cuda.LookupCopy(name)
	_, isAlloc := cuda.LookupAllocation(name)
	zero := zeroes(call)
	for j, a := range call.Args {
		if s, ok := slot(a); ok {
			flow.end(state, s) // a new allocation, or one the callee may write
			if isAlloc {
				state[s] = slotFacts{nonNeg: &rangeFact{}}
			}
			continue
		}
		s, _, ok := slotPointer(a)
		if !ok || (isCopy && j == copyFn.Src) {
			continue
		}
		nonNeg := state[s].nonNeg
		flow.end(state, s)
		if zero && nonNeg != nil {
			state[s] = slotFacts{nonNeg: nonNeg}
		}
	}
}

// zeroes reports whether call is a cudaMemset of zero bytes.
func zeroes(call *ir.InstCall) bool {
	m, ok := cuda.LookupMemset(symbolic.CalleeName(call))
	if !ok || m.Value >= len(call.Args) {
		return false
	}
	c, ok := symbolic.UnwrapArg(call.Args[m.Value]).(*constant.Int)
	return ok && c.X.Sign() == 0
}

// launchWrites applies the launch of kernels ks by a call of their stub:
// each kernel parameter that gets a pointer into an allocation may
// write it, which the allocation's facts record. An allocation passed
// otherwise (inside a struct) has none after.
func (w *walker) launchWrites(flow *rangeFlow, state rangeState, call *ir.InstCall, ks []*frontend.Kernel) {
	for j, a := range call.Args {
		if s, ok := slot(a); ok {
			flow.end(state, s) // a struct passed by value, which may hold pointers
			continue
		}
		s, _, ok := slotPointer(a)
		if !ok {
			continue
		}
		for _, k := range ks {
			layout, ok := w.layoutOf(k)
			if !ok || len(layout) != len(call.Args) || layout[j].ByVal || byValue(k.Func.Params[layout[j].Param]) {
				flow.end(state, s)
				break
			}
			flow.written(state, s, KernelParam{Kernel: k, Param: layout[j].Param})
		}
	}
}

// written records in the facts of the allocation variable s holds, and
// of the variables that may hold its pointer, that kernel parameter p
// got a pointer into it.
func (r *rangeFlow) written(state rangeState, s *ir.InstAlloca, p KernelParam) {
	for _, v := range append([]*ir.InstAlloca{s}, r.aliases[s]...) {
		sf, ok := state[v]
		if !ok {
			continue
		}
		state[v] = slotFacts{distinct: sf.distinct.writtenBy(p), sorted: sf.sorted.writtenBy(p),
			ordered: sf.ordered.writtenBy(p), nonNeg: sf.nonNeg.writtenBy(p)}
	}
}

// writtenBy is the fact once kernel parameter p may have written the
// allocation.
func (f *rangeFact) writtenBy(p KernelParam) *rangeFact {
	if f == nil {
		return nil
	}
	g := *f
	if !slices.Contains(g.writers, p) {
		g.writers = append(slices.Clip(f.writers), p)
	}
	return &g
}
