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

// maxSplitLengths bounds the row lengths RowSplits reads by.
const maxSplitLengths = 3

// RowSplits returns the readings of two 32-bit indices as row-major, for
// each row length, of lengths and then of RowLengths(a, b), that
// divides some monomial of either: nw's offset_r*max_cols + offset_c +
// (max_cols*16)*(blk-1-bx) + 16*bx + tx is read by max_cols as row
// offset_r + 16*blk - 16*bx - 16 and column offset_c + 16*bx + tx;
// miniWeather's ID*(nz+2*hs)*(nx+2*hs) + (k+hs)*(nx+2*hs) + i, by nx +
// 2*hs, as row ID*(nz+2*hs) + k + hs (expanded) and column i. A plane of
// rows, (z*ny + y)*nx + x, is read by nx; its row z*ny + y, again by ny:
// a row's reading is asked with the lengths of the index it came from.
// An index may have two readings by one length (see readingsBy); each
// pairing of the two sides' readings is a split of its own.
//
// Each index must be the exact integer its polynomial gives: wrap-free
// (Query.IndexEquation), or the row of a split, whose integer is exact
// when the index is and the column premises hold.
func RowSplits(a, b *expr.Term, lengths ...*expr.Term) []RowSplit {
	if a.Width != 32 || b.Width != 32 {
		return nil
	}
	var out []RowSplit
	var seen expr.Interner
	tried := map[*expr.Term]bool{}
	lengthsRead := 0
	for _, f := range append(slices.Clip(lengths), RowLengths(a, b)...) {
		if r := seen.Intern(f); tried[r] {
			continue
		} else {
			tried[r] = true
		}
		if splits := splitsBy(a, b, f); len(splits) > 0 {
			out = append(out, splits...)
			if lengthsRead++; lengthsRead == maxSplitLengths {
				break
			}
		}
	}
	return out
}

// splitsBy reads two indices by the row length f, each in the ways
// readingsBy finds: the first reading of each side first.
func splitsBy(a, b, f *expr.Term) []RowSplit {
	at := expr.NewAtomTable()
	pa, okA := at.Poly(a)
	pb, okB := at.Poly(b)
	pf, okF := at.Poly(f)
	if !okA || !okB || !okF {
		return nil
	}
	ra, rb := readingsBy(at, pa, pf), readingsBy(at, pb, pf)
	var out []RowSplit
	for _, r1 := range ra {
		for _, r2 := range rb {
			if len(r1.row.Monos)+len(r2.row.Monos) == 0 {
				continue
			}
			s := RowSplit{Factor: f,
				Rows:    [2]*expr.Term{polyTerm(at, r1.row), polyTerm(at, r2.row)},
				Columns: [2]*expr.Term{polyTerm(at, r1.column), polyTerm(at, r2.column)}}
			s.Premises[0] = columnPremises(at, r1.column, s.Columns[0], f)
			s.Premises[1] = columnPremises(at, r2.column, s.Columns[1], f)
			out = append(out, s)
		}
	}
	return out
}

// A reading is an index's row and column polynomials by one row length.
type reading struct{ row, column expr.Polynomial }

// readingsBy returns the readings of the index p by the row length f:
// the quotient and remainder of their division (divideBy), and, if the
// remainder's constant is negative, also the reading that borrows a row
// from the quotient, q - 1 and r + f. A periodic boundary's last
// column, (z*n + y)*n + n - 1, divides as row z*n + y + 1 and column -1,
// which is no column: the second reading's column n - 1 is. Which holds
// is for the premises to tell (a column x - 1 after a guard x > 0 is
// the first's). Only readings whose coefficients fit their terms count.
func readingsBy(at *expr.AtomTable, p, f expr.Polynomial) []reading {
	q, r, ok := divideBy(p, f)
	if !ok {
		return nil
	}
	var out []reading
	add := func(q, r expr.Polynomial) {
		if fits32(q) && fits64(at, r) {
			out = append(out, reading{q, r})
		}
	}
	add(q, r)
	if constant(r) < 0 {
		q1, okQ := q.Plus(expr.ConstPoly(1, q.Width), -1)
		r1, okR := r.Plus(f, 1)
		if okQ && okR {
			add(q1, r1)
		}
	}
	return out
}

// RowLengths returns the row lengths to read two indices by, terms of
// launch-wide values only (a kernel parameter, a block size, a host
// value), the same for both threads: first the non-constant operands of
// their products, atoms or sums (nx + 2*hs), those of more products
// first, as the source writes rows; then the other atoms of their
// polynomials (see factors).
func RowLengths(a, b *expr.Term) []*expr.Term {
	anyProduct := func(*expr.Term) bool { return true }
	length := func(f *expr.Term) bool { return f.Op != expr.OpMul && f.Op != expr.OpShl }
	order, count, terms := productOperands(a, b, anyProduct, length)
	at := expr.NewAtomTable()
	pa, okA := at.Poly(a)
	pb, okB := at.Poly(b)
	if !okA || !okB {
		return order
	}
	for _, n := range factors(pa, pb) {
		if r := terms.Intern(at.AtomTerm(n)); count[r] == 0 && launchWide(r) {
			count[r] = 1
			order = append(order, r)
		}
	}
	return order
}

// productOperands returns the launch-wide, non-constant operands of the
// products in a and b that product selects and operand accepts, each
// once (interned by terms), those of more products first, with how many
// products have each: the row lengths and row sizes a source writes as
// factors.
func productOperands(a, b *expr.Term, product, operand func(*expr.Term) bool) (order []*expr.Term, count map[*expr.Term]int, terms *expr.Interner) {
	terms = new(expr.Interner)
	count = map[*expr.Term]int{}
	for _, t := range []*expr.Term{a, b} {
		expr.Inspect(t, func(u *expr.Term) bool {
			if u.Op != expr.OpMul || !product(u) {
				return true
			}
			for _, f := range u.Args {
				if f.IsConst() || !launchWide(f) || !operand(f) {
					continue
				}
				r := terms.Intern(f)
				if count[r] == 0 {
					order = append(order, r)
				}
				count[r]++
			}
			return true
		})
	}
	slices.SortStableFunc(order, func(f, g *expr.Term) int { return count[g] - count[f] })
	return order, count, terms
}

// factors returns the atoms that are factors of monomials of either
// polynomial: those of both first, then by how many monomials have them.
// A factor of one index only reads the other as row 0: x*nx + y against
// (x' + k*ny)*nx + y' with both columns below nx, and then x against
// x' + k*ny with x and x' below ny.
func factors(p, q expr.Polynomial) []int {
	count := func(p expr.Polynomial) map[int]int {
		c := map[int]int{}
		for _, m := range p.Monos {
			for _, a := range slices.Compact(slices.Clone(m.Atoms)) {
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

// columnPremises states that y, the term of the polynomial p, is
// computed without wrap (its 64-bit reading is p's integer, which
// fits64 keeps from overflowing; an atom is computed by nothing) and
// lies in [0, n).
func columnPremises(at *expr.AtomTable, p expr.Polynomial, y, n *expr.Term) []*expr.Term {
	inRow := []*expr.Term{expr.SLe(expr.Const(0, 32), y), expr.SLt(y, n)}
	if isAtom(p) {
		return inRow
	}
	return append([]*expr.Term{expr.Eq(expr.SExt(y, 64), wideTerm(at, p))}, inRow...)
}

// IndexEquation returns the element indices whose equality is the
// overlap of the query's accesses, if there are such: each offset is B +
// the sum of s_k*sext(i_k), i_k 32-bit indices (a row's offset and a
// column added in 64 bits), with the same B on both sides and neither
// access larger than S, the greatest common divisor of the s_k. Each
// returned index is the sum of (s_k/S)*i_k in 32 bits, with the values
// the query fixes substituted, whose polynomial is the element's index
// when ExactIndex's premises hold.
func (q *Query) IndexEquation() (i1, i2 *expr.Term, ok bool) {
	b1, t1, ok1 := scaledIndices(q.Offset1)
	b2, t2, ok2 := scaledIndices(q.Offset2)
	if !ok1 || !ok2 || !expr.Equal(b1, b2) {
		return nil, nil, false
	}
	var s uint64
	for _, t := range append(slices.Clip(t1), t2...) {
		s = gcd(s, t.scale)
	}
	if !atMost(q.size1, s) || !atMost(q.size2, s) {
		return nil, nil, false
	}
	fixed := q.fixedValues()
	return fixed(elementIndex(t1, s)), fixed(elementIndex(t2, s)), true
}

// launchWide reports whether every variable of t has one value for the
// whole launch.
func launchWide(t *expr.Term) bool {
	for _, v := range expr.Vars(t) {
		if v.Scope != expr.Shared {
			return false
		}
	}
	return true
}

// fixedValues returns a function that replaces, in a term, each
// variable that the facts of either side equate to a constant (a block
// size the launch fixes, a host constant argument) by that constant: a
// row length the query fixes is no unknown to read rows by.
func (q *Query) fixedValues() func(*expr.Term) *expr.Term {
	values := map[string]*expr.Term{}
	for _, facts := range q.sides {
		for _, f := range facts {
			if v, c, ok := expr.Pin(f); ok {
				values[v.Name] = c
			}
		}
	}
	return func(t *expr.Term) *expr.Term {
		return expr.Substitute(t, func(v *expr.Term) *expr.Term { return values[v.Name] })
	}
}

// atMost reports whether a size is a constant no larger than s.
func atMost(size *expr.Term, s uint64) bool {
	return size != nil && size.IsConst() && size.Value <= s
}

// A scaledTerm is a summand s*sext(i) of an offset.
type scaledTerm struct {
	scale uint64
	index *expr.Term // 32-bit
}

// scaledIndices reads a 64-bit offset as base + the sum of s_k*sext(i_k):
// the summands of its sum that are scaled indices, and the others (in
// order), the base. False if it has none.
func scaledIndices(off *expr.Term) (base *expr.Term, terms []scaledTerm, ok bool) {
	base = expr.Const(0, 64)
	for _, t := range summands(off) {
		if scale, index, found := scaled(t); found {
			terms = append(terms, scaledTerm{scale, index})
			continue
		}
		base = expr.Add(base, t)
	}
	return base, terms, len(terms) > 0
}

// elementIndex returns the sum of (s_k/s)*i_k in 32 bits.
func elementIndex(terms []scaledTerm, s uint64) *expr.Term {
	var sum *expr.Term
	for _, t := range terms {
		i := t.index
		if k := t.scale / s; k != 1 {
			i = expr.Mul(expr.Const(k, 32), i)
		}
		sum = addTo(sum, i)
	}
	return sum
}

// gcd returns the greatest common divisor of a and b (b if a is 0).
func gcd(a, b uint64) uint64 {
	for a != 0 {
		a, b = b%a, a
	}
	return b
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
		at := expr.NewAtomTable()
		p, ok := at.Poly(u)
		if !ok || u.Width != 32 || !fits64(at, p) {
			return nil, false
		}
		premises = append(premises, expr.Eq(expr.SExt(u, 64), wideTerm(at, p)))
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
	base, _, _ := scaledIndices(q.Offset1)
	return q.withFacts(facts, base.IsConst())
}

// withFacts returns a copy of q that asserts facts as well, and not the
// overlap of its accesses if instead is set (the facts then state it).
func (q *Query) withFacts(facts []*expr.Term, instead bool) *Query {
	c := *q
	c.Assertions = nil
	for _, a := range q.Assertions {
		if a != q.overlap || !instead {
			c.Assertions = append(c.Assertions, a)
		}
	}
	c.Assertions = append(c.Assertions, facts...)
	return &c
}
