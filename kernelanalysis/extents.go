// This file follows, with each pointer, the innermost array its address
// was computed in: C++ keeps pointer arithmetic and accesses inside that
// array (a row of a two-dimensional array included), so a race whose
// only witness leaves it is not an execution of a correct program.

package kernelanalysis

import (
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"hgrd/expr"
)

// An Extent is the array an access's pointer was derived from, in the
// byte offsets of the access's object: C++ defines an access through a
// pointer only inside the array the pointer points into ([expr.add]), so
// an access of a correct program lies in [Start, Start+Size). For
// `__shared__ int dist[24][64]` and a device function given `dist[warp]`,
// it is the warp's row of 64 ints, which the function's loops, bounded by
// a count read from memory, cannot leave.
type Extent struct {
	Start *expr.Term // byte offset of the array's first element, 64-bit
	Size  uint64     // the array's length in bytes
}

// Facts returns what the extent promises of an access at byte offset
// off of size bytes (both 64-bit): it lies inside the array.
func (e *Extent) Facts(off, size *expr.Term) []*expr.Term {
	end := expr.Add(e.Start, expr.Const(e.Size, 64))
	return []*expr.Term{expr.SLe(e.Start, off), expr.SLe(expr.Add(off, size), end)}
}

// An arrayStep is an array that a getelementptr steps into (an index
// after its first): the byte offset of the array's first element from
// the getelementptr's base, and the array's length in bytes.
type arrayStep struct {
	at   *expr.Term
	size uint64
}

// into returns the extent of a pointer whose getelementptr, from a base
// at byte offset base with extent e (nil for the whole object, which
// starts at offset 0), stepped into the arrays steps. Each array becomes
// the extent, except one that starts where the current extent starts:
// `&tile[0][0]` is the idiom for a flat pointer to all of tile, so row 0,
// selected by a constant 0, does not bound it, where `tile[ty]` and
// `dist[warp]` bound their rows.
func (e *Extent) into(base *expr.Term, steps []arrayStep) *Extent {
	current := zero64
	if e != nil {
		current = e.Start
	}
	for _, s := range steps {
		start := expr.Add(base, s.at)
		if sameOffset(current, start) {
			continue
		}
		e, current = &Extent{Start: start, Size: s.size}, start
	}
	return e
}

// sameOffset reports whether two offsets are the same term or the same
// constant.
func sameOffset(a, b *expr.Term) bool {
	if a.IsConst() && b.IsConst() {
		return a.Value == b.Value
	}
	return expr.Equal(a, b)
}

// mergeExtents returns the extent of a pointer that is p under c and q
// otherwise, into one object: nil (the whole object) unless both have
// arrays of one length.
func mergeExtents(c *expr.Term, p, q *Extent) *Extent {
	if p == nil || q == nil || p.Size != q.Size {
		return nil
	}
	if sameOffset(p.Start, q.Start) {
		return p
	}
	return &Extent{Start: expr.Ite(c, p.Start, q.Start), Size: p.Size}
}

// accessExtent returns the extent an access through target t promises,
// or nil if it is none or the whole object (whose bounds the launch
// knows, constraints.Launch).
func accessExtent(t target) *Extent {
	e := t.ext
	if e == nil || e.Start.IsConst() && e.Start.Value == 0 && int64(e.Size) == t.obj.Size {
		return nil
	}
	return e
}

// endsInLastField reports whether a pointer is a getelementptr whose last
// index selects a struct's last field: `old->data`, the array that a
// getelementptr on it then indexes.
func endsInLastField(v value.Value) bool {
	var elem types.Type
	var indices []value.Value
	switch g := v.(type) {
	case *ir.InstGetElementPtr:
		elem, indices = g.ElemType, g.Indices
	case *constant.ExprGetElementPtr:
		elem, indices = g.ElemType, constIndices(g)
	default:
		return false
	}
	t, last := elem, false
	for _, idx := range indices[1:] {
		var ok bool
		if t, last, ok = stepInto(t, idx); !ok {
			return false
		}
	}
	return last
}
