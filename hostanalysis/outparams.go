// This file defines what a variable holds after a call of a function
// defined in the file writes it through a pointer (an out-parameter),
// and which of several writes of the same bytes a read sees:
//
//	bool load(const char *name, int &w, int &s) {
//	  unsigned iw;
//	  if (!readHeader(name, &iw)) return false;
//	  w = iw;
//	  s = alignUp(w);
//	  return true;
//	}
//	int main() {
//	  int w, s;
//	  if (!load(a, w, s)) exit(1);
//	  if (!load(b, w, s)) exit(1);
//	  kernel<<<g, b>>>(w, s);    // s == alignUp(w), of the second load
//	}
//
// A read sees the last write of its bytes: one that comes before it on
// every path and after which no other write of those bytes can run. A
// call's write is the callee's store, evaluated in a frame of the callee
// bound to the call's arguments, so that two reads of what one call
// wrote (w and s above) share its unknowns. The callee must write the
// bytes on every way it can return to the read: a way that skips the
// store must return a constant that the caller's branches rule out
// where the read runs (the success flag above).

package hostanalysis

import (
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/value"

	"hgrd/symbolic"
)

// lastParts returns the writes of slot (a local variable or a pointer
// parameter's memory) that the bytes [off, end) hold where block at
// runs, low bytes first, as coveringParts does, after dropping each
// write that a later one overwrites (lastWrites); ok is false if hgrd
// cannot tell.
func (fr *frame) lastParts(slot value.Value, off, end int64, at place) ([]localStore, bool) {
	stores, ok := fr.stores.localStores(fr.f, slot)
	if !ok {
		return nil, false
	}
	stores = fr.writesBefore(stores, at)
	return coveringParts(fr.lastWrites(stores, off, end, at), off, end, fr.ev.G, at.block)
}

// writesBefore returns the stores that may run before the place: earlier
// in its block, or in a block from which a path leads to it.
func (fr *frame) writesBefore(stores []localStore, at place) []localStore {
	var kept []localStore
	for _, s := range stores {
		if earlierInBlock(s, at) || fr.ev.G.Leads(s.block, at.block) {
			kept = append(kept, s)
		}
	}
	return kept
}

// lastWrites returns stores without the writes of [off, end) that
// another write p hides from a read at a place: p writes all their bytes
// and comes before the place on every path (earlier in its block, or in
// a block that dominates it; a call's write must also happen on every way
// back to it, see surelyWrites), and they cannot run after p (they come
// earlier in p's block, or p's block does not lead to theirs).
func (fr *frame) lastWrites(stores []localStore, off, end int64, at place) []localStore {
	hidden := map[int]bool{}
	for i, p := range stores {
		if !overlaps(p.off, p.bytes, off, end-off) || !fr.alwaysBefore(p, at) || !fr.surelyWrites(p, at.block) {
			continue
		}
		for j, q := range stores {
			if i != j && p.off <= q.off && q.off+q.bytes <= p.off+p.bytes && fr.runsBefore(q, p) {
				hidden[j] = true
			}
		}
	}
	if len(hidden) == 0 {
		return stores
	}
	var kept []localStore
	for i, s := range stores {
		if !hidden[i] {
			kept = append(kept, s)
		}
	}
	return kept
}

// alwaysBefore reports whether write p runs before the place on every
// path to it: earlier in the place's block, or in a block that strictly
// dominates it. (A write later in the place's block, which a loop brings
// round again, runs before it only in an earlier iteration.)
func (fr *frame) alwaysBefore(p localStore, at place) bool {
	if p.block != at.block {
		return fr.ev.G.Dominates(p.block, at.block)
	}
	return earlierInBlock(p, at)
}

// earlierInBlock reports whether write s comes earlier in the place's
// block than the place.
func earlierInBlock(s localStore, at place) bool {
	return s.block == at.block && (at.before == nil || indexOf(at.block, s.inst) < indexOf(at.block, at.before))
}

// runsBefore reports whether write q cannot run after write p: it comes
// earlier in p's block, or p's block does not lead to q's.
func (fr *frame) runsBefore(q, p localStore) bool {
	if q.block != p.block {
		return !fr.ev.G.Leads(p.block, q.block)
	}
	return indexOf(p.block, q.inst) < indexOf(p.block, p.inst)
}

// surelyWrites reports whether a write writes all its bytes whenever
// block at runs after it: a store always does; a call's write does if the
// callee writes them on every way it returns to at (returnPoints).
func (fr *frame) surelyWrites(p localStore, at *ir.Block) bool {
	switch {
	case p.store != nil:
		return true
	case p.call == nil:
		return false
	}
	callee, points, ok := fr.calleeReturns(p.call, at)
	if !ok {
		return false
	}
	param := callee.f.Params[p.arg]
	for _, pt := range points {
		parts, ok := callee.lastParts(param, p.off-p.argOff, p.off-p.argOff+p.bytes, place{block: pt.block})
		if !ok || !contiguous(parts, p.off-p.argOff, p.bytes) {
			return false
		}
	}
	return true
}

// calleeWrite returns what the bytes a call wrote (part p) hold after the
// call, where block at runs: what the callee's frame holds at
// its parameter's bytes where it returns to at, if every such return
// gives the same.
func (fr *frame) calleeWrite(p localStore, at *ir.Block, hops int) (memRead, bool) {
	callee, points, ok := fr.calleeReturns(p.call, at)
	if !ok || len(points) == 0 || hops > maxMemoryHops {
		return memRead{}, false
	}
	param := callee.f.Params[p.arg]
	var first memRead
	for i, pt := range points {
		if callee.inLoopOutside(param, p.off-p.argOff, p.bytes, pt.block) {
			return memRead{}, false
		}
		r, ok := callee.readHops(param, p.off-p.argOff, p.bytes, place{block: pt.block}, hops)
		if !ok || i > 0 && r != first {
			return memRead{}, false
		}
		first = r
	}
	return first, true
}

// inLoopOutside reports whether one of the callee's writes that a read at
// block at sees is a store in a loop that at is not in: the value of
// its last iteration, which the frame does not name. Such writes are
// not followed.
func (fr *frame) inLoopOutside(slot value.Value, off, bytes int64, at *ir.Block) bool {
	parts, _ := fr.lastParts(slot, off, off+bytes, place{block: at})
	for _, p := range parts {
		if l := fr.ev.G.LoopOf[p.block]; l != nil && !l.Contains(at) {
			return true
		}
	}
	return false
}

// A returnPoint is a way a function returns: the end of block, returning
// result (nil for a void function).
type returnPoint struct {
	block  *ir.Block
	result value.Value
}

// calleeReturns returns the frame of a call of a function defined in the
// file, made once per call, and the ways the callee can return to block
// at of the caller: its returns but those whose constant result the
// caller's branches rule out where at runs.
func (fr *frame) calleeReturns(call *ir.InstCall, at *ir.Block) (*frame, []returnPoint, bool) {
	g, ok := call.Callee.(*ir.Func)
	if !ok || len(g.Blocks) == 0 || fr.spawn == nil {
		return nil, nil, false
	}
	callee, ok := fr.callees[call]
	if !ok {
		b := fr.ev.G.Where[call]
		if b == nil {
			return nil, nil, false
		}
		if fr.callees == nil {
			fr.callees = map[*ir.InstCall]*frame{}
		}
		callee = fr.spawn(g, intArgs(fr.ev, call), fr.viewsOf(b, call, g)).fr
		fr.callees[call] = callee
	}
	var points []returnPoint
	for _, pt := range returnPoints(callee.ev.G) {
		if c, isConst := pt.result.(*constant.Int); isConst && ruledOut(fr.ev.G, call, c, at) {
			continue
		}
		points = append(points, pt)
	}
	return callee, points, true
}

// returnPoints returns the ways a function returns: each returning
// block, or, where a block only joins the values it returns (a phi and
// the ret), each edge into it with the value it brings.
func returnPoints(g *symbolic.Graph) []returnPoint {
	var points []returnPoint
	for _, b := range g.Blocks {
		ret, ok := b.Term.(*ir.TermRet)
		if !ok {
			continue
		}
		phi, isPhi := ret.X.(*ir.InstPhi)
		if !isPhi || g.Where[phi] != b || len(b.Insts) != 1 {
			points = append(points, returnPoint{block: b, result: ret.X})
			continue
		}
		for _, inc := range phi.Incs {
			points = append(points, returnPoint{block: symbolic.AsBlock(inc.Pred), result: inc.X})
		}
	}
	return points
}

// ruledOut reports whether, where block at of the caller runs, a call's
// result cannot be c: at lies past the edge of a branch on the result (or
// on its comparison with a constant) that excludes c.
func ruledOut(g *symbolic.Graph, call *ir.InstCall, c *constant.Int, at *ir.Block) bool {
	for _, b := range g.Blocks {
		br, ok := b.Term.(*ir.TermCondBr)
		if !ok {
			continue
		}
		for _, edge := range []struct {
			target *ir.Block
			taken  bool
		}{{symbolic.AsBlock(br.TargetTrue), true}, {symbolic.AsBlock(br.TargetFalse), false}} {
			if len(g.Preds[edge.target]) != 1 || !g.Dominates(edge.target, at) {
				continue
			}
			if excludes(br.Cond, edge.taken, call, c) {
				return true
			}
		}
	}
	return false
}

// excludes reports whether cond having the value taken means that a
// call's result is not c. cond is the result itself (a bool), or its
// comparison, zero-extended or not, for equality with a constant.
func excludes(cond value.Value, taken bool, call *ir.InstCall, c *constant.Int) bool {
	if cond == value.Value(call) {
		return (c.X.Sign() != 0) != taken
	}
	cmp, ok := cond.(*ir.InstICmp)
	if !ok || cmp.Pred != enum.IPredEQ && cmp.Pred != enum.IPredNE {
		return false
	}
	k, ok := cmp.Y.(*constant.Int)
	x := cmp.X
	if z, ok := x.(*ir.InstZExt); ok {
		x = z.From
	}
	if !ok || x != value.Value(call) {
		return false
	}
	equal := taken == (cmp.Pred == enum.IPredEQ) // result == k on this edge
	same := c.X.Cmp(k.X) == 0
	return equal != same
}
