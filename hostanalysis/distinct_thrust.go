// This file defines how thrust's algorithms change what the host knows
// of the ranges they read and write (distinct.go).

package hostanalysis

import (
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/value"

	"hgrd/cuda"
	"hgrd/frontend"
	"hgrd/symbolic"
)

// applyThrust applies a call of a modelled thrust algorithm to state:
// the facts of the range it writes, or none of every allocation it takes
// where the call is not one the model reads.
func (w *walker) applyThrust(flow *rangeFlow, state rangeState, call *ir.InstCall, t cuda.Thrust) {
	arg := func(i int) value.Value {
		if i == cuda.NoArg || i >= len(call.Args) {
			return nil
		}
		return symbolic.UnwrapArg(call.Args[i])
	}
	if t.Algorithm == cuda.ThrustReads {
		return
	}
	first, last, result := arg(t.First), arg(t.Last), arg(t.Result)
	if first == nil || last == nil {
		flow.endArgs(state, call)
		return
	}
	src, srcOff, ok := slotPointer(first)
	if !ok || srcOff != nil || elemSize(first) == 0 {
		flow.endArgs(state, call)
		return
	}
	pos, _ := w.u.Pos(call)
	in := thrustRange{slot: src, elem: elemSize(first), end: endOf(src, last), facts: state[src]}
	switch t.Algorithm {
	case cuda.ThrustSequence:
		if !symbolic.PointerType(in.end.Type()) {
			fact := &rangeFact{elem: in.elem, end: in.end, pos: pos}
			state[src] = slotFacts{distinct: fact, sorted: fact}
			return
		}
	case cuda.ThrustSort:
		state[src] = slotFacts{distinct: in.kept(in.facts.distinct), sorted: &rangeFact{elem: in.elem, end: in.end, pos: pos}}
		return
	case cuda.ThrustSortByKey:
		if dst, dstOff, ok := slotPointer(result); ok && dstOff == nil && dst != src {
			// The values [result, result + (last - first)) are permuted.
			values := state[dst]
			flow.end(state, dst)
			state[src] = slotFacts{distinct: in.kept(in.facts.distinct), sorted: &rangeFact{elem: in.elem, end: in.end, pos: pos}}
			if count, ok := countEnd(src, last); ok && values.distinct != nil && covers(values.distinct, dst, count) {
				state[dst] = slotFacts{distinct: values.distinct}
			}
			return
		}
	case cuda.ThrustRemoveIf:
		// What remains, [first, returned), is a subsequence in place.
		d, s := in.kept(in.facts.distinct), in.kept(in.facts.sorted)
		flow.end(state, src)
		state[src] = slotFacts{distinct: d.endingAt(call, pos), sorted: s.endingAt(call, pos)}
		return
	case cuda.ThrustScan:
		if dst, dstOff, ok := slotPointer(result); ok {
			nonNeg := in.facts.nonNeg
			flow.end(state, dst)
			if dstOff == nil && elemSize(result) == in.elem && t.Plus && nonNeg != nil && nonNegativeArg(call, t.Init) {
				end := value.Value(call) // the end of the sums it wrote
				if dst == src || !symbolic.PointerType(in.end.Type()) {
					end = in.end
				}
				ordered := &rangeFact{elem: in.elem, end: end, pos: pos, inputWriters: nonNeg.writers}
				state[dst] = slotFacts{ordered: ordered, nonNeg: &rangeFact{writers: nonNeg.writers}}
			}
			return
		}
	case cuda.ThrustCopyIf, cuda.ThrustUniqueCopy:
		if dst, dstOff, ok := slotPointer(result); ok {
			flow.end(state, dst)
			if dstOff == nil && elemSize(result) == in.elem {
				state[dst] = in.selected(t, call, pos)
			}
			return
		}
	}
	flow.endArgs(state, call)
}

// nonNegativeArg reports whether the argument at position i of call is a
// constant that is not negative, or absent (NoArg).
func nonNegativeArg(call *ir.InstCall, i int) bool {
	if i == cuda.NoArg {
		return true
	}
	if i >= len(call.Args) {
		return false
	}
	c, ok := symbolic.UnwrapArg(call.Args[i]).(*constant.Int)
	return ok && c.X.Sign() >= 0
}

// A thrustRange is the input range [start, end) of an algorithm, of the
// allocation variable slot holds, with what is known of it.
type thrustRange struct {
	slot  *ir.InstAlloca
	elem  int64
	end   value.Value
	facts slotFacts
}

// kept returns fact if the range is the whole of what it covers, so that
// permuting or thinning the range keeps it; nil otherwise.
func (r thrustRange) kept(fact *rangeFact) *rangeFact {
	if fact == nil || fact.elem != r.elem || !covers(fact, r.slot, r.end) {
		return nil
	}
	return fact
}

// endingAt is fact for the range that ends where call's returned pointer
// points.
func (f *rangeFact) endingAt(call *ir.InstCall, pos frontend.Pos) *rangeFact {
	if f == nil {
		return nil
	}
	return &rangeFact{elem: f.elem, end: call, pos: pos}
}

// selected returns the facts of what copy_if or unique_copy writes from
// the range: a subsequence of a distinct range is distinct, and of a
// sorted one sorted; unique with equal_to of a sorted range is distinct.
func (r thrustRange) selected(t cuda.Thrust, call *ir.InstCall, pos frontend.Pos) slotFacts {
	d, s := r.kept(r.facts.distinct), r.kept(r.facts.sorted)
	if t.Algorithm == cuda.ThrustUniqueCopy && t.EqualTo && s != nil {
		d = s
	}
	return slotFacts{distinct: d.endingAt(call, pos), sorted: s.endingAt(call, pos)}
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

// covers reports whether the range of the allocation slot holds that
// ends at end (a count or a pointer) is the one fact covers: the same
// end, a count the host computed from fact's end pointer, or an end
// pointer whose count is fact's. A correct program's range starts inside
// its allocation, at or after its start.
func covers(fact *rangeFact, slot *ir.InstAlloca, end value.Value) bool {
	factPtr, endPtr := fact.endIsPointer(), symbolic.PointerType(end.Type())
	switch {
	case factPtr == endPtr:
		return sameCount(fact.end, end)
	case factPtr:
		return isLength(end, fact.end, slot, fact.elem)
	default:
		return isLength(fact.end, end, slot, fact.elem)
	}
}
