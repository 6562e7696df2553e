// This file defines the resolution of pointer phis: merges of pointers
// from branches, and pointers advanced by a loop.

package kernelanalysis

import (
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/value"

	"hgrd/expr"
	"hgrd/symbolic"
)

// phiPointer resolves a pointer phi: a merge of branches chooses between
// the incoming pointers; a loop pointer advanced by a constant-stride
// getelementptr is affine in the iteration count; any other loop pointer
// keeps its objects with unknown offsets.
func (a *analyzer) phiPointer(v *ir.InstPhi) pointer {
	b := a.ev.G.Where[v]
	l := a.ev.G.LoopOf[b]
	if l == nil || l.Header != b {
		var p pointer
		for i := len(v.Incs) - 1; i >= 0; i-- {
			pred := symbolic.AsBlock(v.Incs[i].Pred)
			if _, reachable := a.ev.G.Order[pred]; !reachable {
				continue
			}
			x := a.pointerOf(v.Incs[i].X)
			if p == nil {
				p = x
			} else {
				p = choose(a.ev.EdgeTaken(pred, b), x, p)
			}
		}
		return p
	}
	return a.loopPointer(v, l)
}

// loopPointer resolves a pointer phi at a loop header.
func (a *analyzer) loopPointer(v *ir.InstPhi, l *Loop) pointer {
	var entry, next []value.Value
	for _, inc := range v.Incs {
		if l.Contains(symbolic.AsBlock(inc.Pred)) {
			next = append(next, inc.X)
		} else {
			entry = append(entry, inc.X)
		}
	}
	a.ptrs[v] = a.unknownOffsets(v) // a recursive use sees unknown offsets
	if len(entry) == 1 && len(next) == 1 {
		delta, ok := a.constantStride(v, l, l)
		if !ok {
			delta, ok = a.innerLoopStride(v, l, l)
		}
		if ok {
			k := expr.ZExt(Iteration(l), 64)
			return a.pointerOf(entry[0]).mapOffsets(func(off *expr.Term) *expr.Term {
				return expr.Add(off, expr.Mul(k, delta))
			})
		}
	}
	return a.unknownOffsets(v)
}

// constantStride returns the bytes by which loop l advances its pointer
// phi v in each iteration, if v's next value is a getelementptr of v
// whose indices are the same in every iteration of outer (l or a loop
// around it).
func (a *analyzer) constantStride(v *ir.InstPhi, l, outer *Loop) (*expr.Term, bool) {
	next := a.ev.BackEdgeValue(v, l)
	g, ok := next.(*ir.InstGetElementPtr)
	if !ok || g.Src != value.Value(v) || !a.ev.AllInvariant(g.Indices, outer) {
		return nil, false
	}
	delta, _, ok := a.gepOffset(g.ElemType, g.Indices, nil, false)
	return delta, ok
}

// innerLoopStride returns the bytes by which loop l advances its pointer
// phi v in each iteration when inner loops do the advancing
// (symbolic.Evaluator.InnerCountedLoop): the inner loop's trip count
// times the bytes it advances the pointer by, a constant stride or
// again an inner loop's, the same in every iteration of outer (l or a
// loop around it): im2col's data_col_ptr += height_col * width_col
// inside its loops over the kernel's rows and columns, and over
// channels around them.
func (a *analyzer) innerLoopStride(v *ir.InstPhi, l, outer *Loop) (*expr.Term, bool) {
	u, inner, trip, ok := a.ev.InnerCountedLoop(v, l, outer)
	if !ok {
		return nil, false
	}
	step, ok := a.constantStride(u, inner, outer)
	if !ok {
		step, ok = a.innerLoopStride(u, inner, outer)
	}
	if !ok {
		return nil, false
	}
	return expr.Mul(trip, step), true
}

// unknownOffsets returns the objects a pointer may point into, each at an
// unknown offset.
func (a *analyzer) unknownOffsets(v value.Value) pointer {
	var p pointer
	seen := map[*Object]bool{}
	for _, o := range a.objectsOf(v, map[value.Value]bool{}) {
		if !seen[o] {
			seen[o] = true
			p = append(p, target{o, a.fresh("off", 64), expr.True(), nil})
		}
	}
	return p
}
