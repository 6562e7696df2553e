// This file reads two accesses' byte offsets as rows of a pitched array:
// rows of p bytes, p a launch-wide value the source multiplies a row
// index by, as 2D and 3D arrays from cudaMallocPitch and cudaMalloc3D
// are addressed,
//
//	float *row = (float *)((char *)base + r * pitch);  // row[c]
//
// The element readings of rows.go need offsets that are element indices
// times a constant; a pitch is a byte count, and r*pitch a product of
// unknowns the solver cannot decide within any budget (hecbench-dev's
// pitch: every pair undecided after 10M units).

package constraints

import "hgrd/expr"

// A ByteRowSplit reads two 64-bit offsets as x1*p + y1 and x2*p + y2
// with the same row size p, a launch-wide value. When its Premises hold
// (each access's bytes [y, y+size) lie inside [0, p)), the accesses lie
// inside rows x1 and x2, and overlapping accesses have equal rows: Equal.
//
// This reads the offsets as exact integers: hgrd assumes that a byte
// offset's 64-bit arithmetic does not overflow, as no allocation comes
// near 2^63 bytes.
type ByteRowSplit struct {
	Factor   *expr.Term    // p
	Rows     [2]*expr.Term // x1, x2
	Columns  [2]*expr.Term // y1, y2
	Premises [2][]*expr.Term
}

// Equal states that the split's rows are equal.
func (s ByteRowSplit) Equal() *expr.Term { return expr.Eq(s.Rows[0], s.Rows[1]) }

// Overlap states that the columns of accesses of size1 and size2 bytes
// overlap: with equal rows, exactly when the accesses do.
func (s ByteRowSplit) Overlap(size1, size2 *expr.Term) *expr.Term {
	return overlap(s.Columns[0], size1, s.Columns[1], size2)
}

// maxByteRowFactors bounds the row sizes ByteRowSplits tries.
const maxByteRowFactors = 4

// ByteRowSplits returns the readings of the 64-bit offsets a and b,
// accesses of size1 and size2 bytes, as rows of a pitched array, one for
// each row size: a launch-wide, non-constant factor of products in
// either offset (a pitch, a slice's pitch*height). The rows of a reading
// are offsets of accesses of one byte, to be read again (a slice's row,
// z*height + y, by height).
func ByteRowSplits(a, b, size1, size2 *expr.Term) []ByteRowSplit {
	if a.Width != 64 || b.Width != 64 || !size1.IsConst() || !size2.IsConst() {
		return nil
	}
	var out []ByteRowSplit
	for _, f := range byteRowFactors(a, b) {
		if s, ok := splitBytesBy(a, b, f, [2]*expr.Term{size1, size2}); ok {
			out = append(out, s)
		}
	}
	return out
}

// byteRowFactors returns the launch-wide, non-constant 64-bit operands of
// the products in a and b, those of more products first.
func byteRowFactors(a, b *expr.Term) []*expr.Term {
	wide := func(u *expr.Term) bool { return u.Width == 64 }
	order, _, _ := productOperands(a, b, wide, func(*expr.Term) bool { return true })
	return order[:min(len(order), maxByteRowFactors)]
}

// splitBytesBy reads two offsets by the row size f: each is the quotient
// and remainder of its polynomial's division by f's. The rows must differ
// from the offsets (f divides a monomial of one at least).
func splitBytesBy(a, b, f *expr.Term, sizes [2]*expr.Term) (ByteRowSplit, bool) {
	at := expr.NewAtomTable()
	pa, okA := at.Poly(a)
	pb, okB := at.Poly(b)
	pf, okF := at.Poly(f)
	if !okA || !okB || !okF {
		return ByteRowSplit{}, false
	}
	x1, y1, ok1 := divideBy(pa, pf)
	x2, y2, ok2 := divideBy(pb, pf)
	if !ok1 || !ok2 || len(x1.Monos)+len(x2.Monos) == 0 {
		return ByteRowSplit{}, false
	}
	s := ByteRowSplit{Factor: f,
		Rows:    [2]*expr.Term{polyTerm(at, x1), polyTerm(at, x2)},
		Columns: [2]*expr.Term{polyTerm(at, y1), polyTerm(at, y2)}}
	for i := range 2 {
		s.Premises[i] = insideRow(s.Columns[i], sizes[i], f)
	}
	return s, true
}

// insideRow states that the bytes [y, y+size) lie inside [0, p): 0 <= y,
// y < p and size <= p - y, which cannot wrap once y is in [0, p).
func insideRow(y, size, p *expr.Term) []*expr.Term {
	zero := expr.Const(0, 64)
	return []*expr.Term{expr.SLe(zero, y), expr.SLt(y, p), expr.SLe(size, expr.Sub(p, y))}
}

// ByteRowSplits returns the readings of the query's offsets as rows of a
// pitched array, with the values the query fixes substituted: a pitch
// the query fixes is no unknown to read rows by.
func (q *Query) ByteRowSplits() []ByteRowSplit {
	fixed := q.fixedValues()
	return ByteRowSplits(fixed(q.Offset1), fixed(q.Offset2), q.size1, q.size2)
}

// Sizes returns the sizes in bytes of the query's two accesses.
func (q *Query) Sizes() (size1, size2 *expr.Term) { return q.size1, q.size2 }

// WithByteRows returns a copy of q whose overlap of the accesses is
// stated by the facts of its pitched-row readings instead: the premises
// the solver proved, the columns' overlap and the rows' equality, whose
// conjunction, with the premises, is the overlap. The products of the row
// sizes and rows leave the query with it (a bit-vector solver blasts
// r*pitch and r'*pitch into two multipliers even when r = r').
func (q *Query) WithByteRows(facts []*expr.Term) *Query { return q.withFacts(facts, true) }
