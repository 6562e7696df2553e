// This file defines the concurrency of two lanes of one warp, where
// __syncwarp may name only some lanes in its mask.

package kernelanalysis

import (
	"github.com/llir/llvm/ir"

	"hgrd/cuda"
	"hgrd/expr"
	"hgrd/symbolic"
)

// partialMask returns the mask of a __syncwarp whose mask is not the full
// one, as a term of the thread that executes it; nil for other barriers.
func (a *analyzer) partialMask(inst ir.Instruction) *expr.Term {
	call, ok := inst.(*ir.InstCall)
	if !ok || cuda.LookupCall(symbolic.CalleeName(call)).Kind != cuda.WarpBarrier || fullMask(call) {
		return nil
	}
	return a.ev.Term(call.Args[0])
}

// WarpConcurrent returns the condition under which two lanes of one warp,
// lane 1 executing a1 and lane 2 executing a2, are not ordered by a
// barrier: they are in one interval counting every __syncwarp, or in one
// interval counting only full-mask ones and some __syncwarp with a
// partial mask that begins an interval of either access leaves one of the
// lanes out of the other's mask. ok is false if they are always ordered.
func (k *Kernel) WarpConcurrent(a1, a2 *Access) (cond *expr.Term, ok bool) {
	any, anyOK := k.Concurrent(a1, a2, WarpLevel)
	full, fullOK := k.Concurrent(a1, a2, FullWarpLevel)
	if !fullOK {
		return expr.False(), false
	}
	var unordered []*expr.Term
	info := k.intervals[WarpLevel]
	seen := map[int]bool{}
	for _, st := range append(append([]intervalState(nil), a1.intervals[WarpLevel]...), a2.intervals[WarpLevel]...) {
		mask := info.sourceMask[st.source]
		if mask == nil || seen[st.source] {
			continue
		}
		seen[st.source] = true
		unordered = append(unordered, expr.Not(expr.AllOf(
			inMask(lane(2), expr.Instantiate(mask, 1)),
			inMask(lane(1), expr.Instantiate(mask, 2)))))
	}
	var options []*expr.Term
	if anyOK {
		options = append(options, any)
	}
	if len(unordered) > 0 {
		options = append(options, expr.AllOf(full, expr.AnyOf(unordered...)))
	}
	if len(options) == 0 {
		return expr.False(), false
	}
	return expr.AnyOf(options...), true
}

// lane returns the lane of side n's thread in its warp.
func lane(n int) *expr.Term {
	return expr.Instantiate(expr.URem(LinearThreadID(), expr.Const(cuda.WarpSize, 32)), n)
}

// inMask states that bit l of a 32-bit mask is set.
func inMask(l, mask *expr.Term) *expr.Term {
	if mask.Width != 32 {
		mask = expr.Trunc(mask, 32)
	}
	bit := expr.Bit(mask, l)
	return expr.Eq(bit, expr.Const(1, 32))
}
