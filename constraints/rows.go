// This file reads the equality of two accesses' element indices as the
// equality of rows and columns of a row-major array whose row length is
// a host value: the queries Z3 cannot decide within any budget are those
// that multiply unknowns (row*cols + col with cols a kernel parameter),
// and read so they become linear.

package constraints

import (
	"slices"

	"hgrd/expr"
	"hgrd/kernelanalysis"
)

// A RowSplit reads two 32-bit element indices, each the exact integer
// its arithmetic gives, as x1*n + y1 and x2*n + y2 with the same row
// length n. When its Premises hold (each column y is computed without
// wrap and lies in [0, n)), the indices are equal exactly when the rows
// and the columns are: Equal.
type RowSplit struct {
	Factor   *expr.Term    // n
	Rows     [2]*expr.Term // x1, x2, each the exact integer of its polynomial
	Columns  [2]*expr.Term // y1, y2
	Premises [2][]*expr.Term
}

// Equal states that the split's rows and columns are equal.
func (s RowSplit) Equal() []*expr.Term {
	return []*expr.Term{expr.Eq(s.Rows[0], s.Rows[1]), expr.Eq(s.Columns[0], s.Columns[1])}
}

// maxRowSplits bounds the readings RowSplits returns.
const maxRowSplits = 3

// RowSplits returns the readings of two 32-bit indices as row-major,
// one for each non-constant atom that is a factor of their polynomials'
// monomials, in the order of factors: nw's offset_r*max_cols + offset_c +
// (max_cols*16)*(blk-1-bx) + 16*bx + tx is read by max_cols as row
// offset_r + 16*blk - 16*bx - 16 and column offset_c + 16*bx + tx. A
// plane of rows, (z*ny + y)*nx + x, is read by nx; its row z*ny + y,
// again by ny.
//
// Each index must be the exact integer its polynomial gives: wrap-free
// (Query.IndexEquation), or the row of a split, whose integer is exact
// when the index is and the column premises hold.
func RowSplits(a, b *expr.Term) []RowSplit {
	if a.Width != 32 || b.Width != 32 {
		return nil
	}
	at := newAtomTable()
	pa, okA := at.poly(a)
	pb, okB := at.poly(b)
	if !okA || !okB {
		return nil
	}
	var out []RowSplit
	for _, n := range factors(pa, pb) {
		x1, y1 := divide(pa, n)
		x2, y2 := divide(pb, n)
		if !x1.fits32() || !x2.fits32() || !y1.fits64() || !y2.fits64() || len(out) == maxRowSplits {
			continue
		}
		factor := at.atoms[n]
		s := RowSplit{Factor: factor,
			Rows:    [2]*expr.Term{at.term(x1), at.term(x2)},
			Columns: [2]*expr.Term{at.term(y1), at.term(y2)}}
		s.Premises[0] = columnPremises(at, y1, s.Columns[0], factor)
		s.Premises[1] = columnPremises(at, y2, s.Columns[1], factor)
		out = append(out, s)
	}
	return out
}

// factors returns the atoms that are factors of monomials of either
// polynomial: those of both first, then by how many monomials have them.
// A factor of one index only reads the other as row 0: x*nx + y against
// (x' + k*ny)*nx + y' with both columns below nx, and then x against
// x' + k*ny with x and x' below ny.
func factors(p, q polynomial) []int {
	count := func(p polynomial) map[int]int {
		c := map[int]int{}
		for _, m := range p.monos {
			for _, a := range slices.Compact(slices.Clone(m.atoms)) {
				c[a]++
			}
		}
		return c
	}
	cp, cq := count(p), count(q)
	var all []int
	for a := range cp {
		all = append(all, a)
	}
	for a := range cq {
		if cp[a] == 0 {
			all = append(all, a)
		}
	}
	both := func(a int) bool { return cp[a] > 0 && cq[a] > 0 }
	slices.SortFunc(all, func(a, b int) int {
		if both(a) != both(b) {
			if both(a) {
				return -1
			}
			return 1
		}
		if d := (cp[b] + cq[b]) - (cp[a] + cq[a]); d != 0 {
			return d
		}
		return a - b
	})
	return all
}

// divide returns x and y with p = x*n + y: x the cofactors of n in the
// monomials that have it, y the other monomials.
func divide(p polynomial, n int) (x, y polynomial) {
	x, y = polynomial{width: p.width}, polynomial{width: p.width}
	for _, m := range p.monos {
		if i := slices.Index(m.atoms, n); i >= 0 {
			x.add(monomial{coef: m.coef, atoms: slices.Delete(slices.Clone(m.atoms), i, i+1)})
			continue
		}
		y.add(m)
	}
	return x, y
}

// columnPremises states that y, the term of the polynomial p, is
// computed without wrap (its 64-bit reading is p's integer, which
// fits64 keeps from overflowing; an atom is computed by nothing) and
// lies in [0, n).
func columnPremises(at *atomTable, p polynomial, y, n *expr.Term) []*expr.Term {
	inRow := []*expr.Term{expr.SLe(expr.Const(0, 32), y), expr.SLt(y, n)}
	if p.atom() {
		return inRow
	}
	return append([]*expr.Term{expr.Eq(expr.SExt(y, 64), at.wideTerm(p))}, inRow...)
}

// IndexEquation returns the element indices whose equality is the
// overlap of the query's accesses, if there are such: each offset is B +
// S*sext(i), i a 32-bit index, with the same B and constant S on both
// sides, and neither access is larger than S. Each index is the exact
// integer of its arithmetic when ExactIndex's premises hold.
func (q *Query) IndexEquation() (i1, i2 *expr.Term, ok bool) {
	b1, s1, i1, ok1 := scaledIndex(q.Offset1)
	b2, s2, i2, ok2 := scaledIndex(q.Offset2)
	if !ok1 || !ok2 || s1 != s2 || !expr.Equal(b1, b2) ||
		!atMost(q.size1, s1) || !atMost(q.size2, s2) {
		return nil, nil, false
	}
	return i1, i2, true
}

// atMost reports whether a size is a constant no larger than s.
func atMost(size *expr.Term, s uint64) bool {
	return size != nil && size.IsConst() && size.Value <= s
}

// scaledIndex reads a 64-bit offset as base + s*sext(i): one summand of
// its sum is the scaled index, the others (in order) the base.
func scaledIndex(off *expr.Term) (base *expr.Term, s uint64, i *expr.Term, ok bool) {
	terms := summands(off)
	for k, t := range terms {
		if scale, index, found := scaled(t); found {
			if ok {
				return nil, 0, nil, false // two indices: not one row-major array
			}
			s, i, ok = scale, index, true
			base = expr.Const(0, 64)
			for j, other := range terms {
				if j != k {
					base = expr.Add(base, other)
				}
			}
		}
	}
	return base, s, i, ok
}

// scaled reads t as s*sext(i) with a constant s and a 32-bit i.
func scaled(t *expr.Term) (s uint64, i *expr.Term, ok bool) {
	index := func(u *expr.Term) (*expr.Term, bool) {
		if u.Op == expr.OpSExt && u.Args[0].Width == 32 {
			return u.Args[0], true
		}
		return nil, false
	}
	if i, ok := index(t); ok {
		return 1, i, true
	}
	switch {
	case t.Op == expr.OpMul && t.Args[1].IsConst():
		i, ok = index(t.Args[0])
		s = t.Args[1].Value
	case t.Op == expr.OpMul && t.Args[0].IsConst():
		i, ok = index(t.Args[1])
		s = t.Args[0].Value
	case t.Op == expr.OpShl && t.Args[1].IsConst() && t.Args[1].Value < 32:
		i, ok = index(t.Args[0])
		s = 1 << t.Args[1].Value
	}
	return s, i, ok && s > 0 && s <= 1<<20
}

// ExactIndex returns premises under which the index of one side (0 or
// 1) is the exact integer its arithmetic gives: that each sub-term the
// IR does not promise is free of signed wrap (Access.Unpromised) is
// its integer, such as blockIdx.x*blockDim.x + threadIdx.x, whose value
// the launch's limits keep below 2^31. None if the IR promises all;
// false if such a premise cannot be stated (a product of three
// unknowns).
func (q *Query) ExactIndex(side int) ([]*expr.Term, bool) {
	acc := [2]*kernelanalysis.Access{q.First, q.Second}[side]
	var premises []*expr.Term
	for _, u := range acc.Unpromised {
		u = expr.Instantiate(u, side+1)
		at := newAtomTable()
		p, ok := at.poly(u)
		if !ok || u.Width != 32 || !p.fits64() {
			return nil, false
		}
		premises = append(premises, expr.Eq(expr.SExt(u, 64), at.wideTerm(p)))
	}
	return premises, true
}

// SideFacts returns what is known of the thread of one side (0 or 1)
// alone, from which the premises of a RowSplit about it may be proven:
// the launch's limits and facts, the thread's limits, its access's
// condition, the bounds that a race's witness must satisfy too, and the
// bounds of loop counts.
func (q *Query) SideFacts(side int) []*expr.Term { return q.sides[side] }

// WithRows returns a copy of q whose assertions state the facts of its
// row-major readings: the premises that the solver proved and each
// split's Equal, whose conjunction is then equivalent to the indices'
// equality. When the accesses' common base is a constant, their overlap
// is that equality and the copy states the facts instead of it: the
// products of unknowns in the indices leave the query with it. Either
// way the copy's answers are q's and its witnesses are q's.
func (q *Query) WithRows(facts []*expr.Term) *Query {
	c := *q
	c.Assertions = nil
	base, _, _, _ := scaledIndex(q.Offset1)
	for _, a := range q.Assertions {
		if a == q.overlap && base.IsConst() {
			continue
		}
		c.Assertions = append(c.Assertions, a)
	}
	c.Assertions = append(c.Assertions, facts...)
	return &c
}
