// This file defines the values that warp collectives exchange: a ballot,
// one value for the lanes of a warp that run it together, and a shuffle,
// the value another lane of the warp passes.
//
// # Why
//
// A warp often takes slots for its lanes with one atomic (warp-aggregated
// atomics, the CUDA Programming Guide's and cooperative groups' idiom):
//
//	unsigned mask = __ballot_sync(~0u, keep);            // one value for the warp
//	int leader = __ffs(mask) - 1;
//	if (lane == leader) base = atomicAdd(&n, __popc(mask));
//	base = __shfl_sync(mask, base, leader);              // the leader's base
//	out[base + __popc(mask & ((1u << lane) - 1))] = v;
//
// Each lane writes the slot its rank among the warp's kept lanes gives,
// in the range its leader took. hgrd reads that when a ballot is one
// value for the warp, with each lane's own bit its predicate, and a
// shuffle is the value the source lane passed (package constraints
// states it for the lanes a query meets, sources.go).
//
// # Assumption
//
// The lanes of a warp that run one ballot or shuffle in the same
// iterations of the loops around it run it together, as the *_sync
// collectives require of the lanes in their mask.

package kernelanalysis

import (
	"fmt"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/value"

	"hgrd/cuda"
	"hgrd/expr"
	"hgrd/symbolic"
)

// A LaneValue is what a shuffle's function returns: the value that the
// lane its application names passes, as that lane computes it, if it runs
// the shuffle. The application's arguments are the lane's block index
// (three), its linear index in the block, and the iterations of the loops
// around the shuffle, outermost first.
type LaneValue struct {
	Value      *expr.Term // the value passed, over the passing lane's variables
	Cond       *expr.Term // the condition under which a lane runs the shuffle
	Iterations []*expr.Term
}

// A warpSite is a ballot or shuffle whose facts are recorded once the
// kernel's terms are known (findLaneFacts).
type warpSite struct {
	call  *ir.InstCall
	block *ir.Block
	term  *expr.Term
	kind  cuda.CallKind
}

// warpCall returns the term of a ballot or shuffle of the kernel's own
// blocks, or nil: a function of the warp (a ballot) or of the source lane
// (a shuffle), its block and its iterations.
func (a *analyzer) warpCall(v *ir.InstCall, c cuda.Call, w int) *expr.Term {
	b := a.ev.G.Where[v]
	if b == nil || w <= 0 {
		return nil
	}
	lin := LinearThreadID()
	var key *expr.Term
	switch c.Kind {
	case cuda.WarpVote:
		key = expr.UDiv(lin, expr.Const(cuda.WarpSize, 32))
	case cuda.Shuffle:
		src, ok := sourceLane(c.Op, a.ev.Term(v.Args[2]), v.Args[3], lin)
		if !ok {
			return nil
		}
		key = src
	default:
		return nil
	}
	args := []*expr.Term{BlockIdx(0), BlockIdx(1), BlockIdx(2), key}
	for _, l := range symbolic.Reverse(a.ev.G.LoopsOf(b)) {
		args = append(args, Iteration(l))
	}
	name := fmt.Sprintf("%s.%d.at%d.%d", c.Op, w, a.ev.G.Order[b], indexOf(b, v))
	t := expr.Apply(name, w, args...)
	what := "the ballot of a warp"
	if c.Kind == cuda.Shuffle {
		what = "the value another lane passes to a shuffle"
	}
	a.unknown(v, t, what)
	a.warpSites = append(a.warpSites, warpSite{call: v, block: b, term: t, kind: c.Kind})
	return t
}

// sourceLane returns the linear index in the block of the lane whose
// value a shuffle of mode op returns to the lane of linear index lin,
// given its lane argument arg and its clamp argument (the segment width
// the CUDA functions encode): only whole-warp segments are read.
func sourceLane(op string, arg *expr.Term, clamp value.Value, lin *expr.Term) (*expr.Term, bool) {
	c, ok := symbolic.UnwrapArg(clamp).(*constant.Int)
	if !ok || arg.IsBool() || arg.Width != 32 {
		return nil, false
	}
	const lanes = cuda.WarpSize - 1
	mask := expr.Const(lanes, 32)
	lane := expr.And(lin, mask)
	base := expr.Sub(lin, lane)
	switch {
	case op == "idx" && c.X.Int64() == lanes:
		return expr.Add(base, expr.And(arg, mask)), true
	case op == "down" && c.X.Int64() == lanes:
		to := expr.Add(lane, arg)
		return expr.Ite(expr.ULe(to, mask), expr.Add(base, to), lin), true
	case op == "up" && c.X.Int64() == 0:
		return expr.Ite(expr.ULe(arg, lane), expr.Sub(lin, arg), lin), true
	case op == "bfly" && c.X.Int64() == lanes:
		return expr.Add(base, expr.Xor(lane, expr.And(arg, mask))), true
	}
	return nil, false
}

// findLaneFacts records what each ballot and shuffle of the kernel says:
// a lane that runs a ballot finds its own bit set exactly when its
// predicate holds (an assumption of every thread); a shuffle's function
// is the value its source lane passes (the Unknown's Lane).
func (a *analyzer) findLaneFacts() {
	for _, s := range a.warpSites {
		cond := a.ev.BlockCond(s.block)
		switch s.kind {
		case cuda.WarpVote:
			if s.term.Width != 32 {
				continue
			}
			lane := expr.And(LinearThreadID(), expr.Const(cuda.WarpSize-1, 32))
			bit := expr.Bit(s.term, lane)
			own := expr.Ite(a.ev.Cond(s.call.Args[1]), expr.Const(1, s.term.Width), expr.Const(0, s.term.Width))
			a.res.Assumptions = append(a.res.Assumptions, expr.Implies(cond, expr.Eq(bit, own)))
		case cuda.Shuffle:
			passed := a.ev.Term(s.call.Args[1])
			if passed.IsBool() || passed.Width != s.term.Width {
				continue
			}
			u := a.res.Unknowns[s.term.Name]
			u.Lane = &LaneValue{Value: passed, Cond: cond, Iterations: s.term.Args[4:]}
			a.res.Unknowns[s.term.Name] = u
		}
	}
}
