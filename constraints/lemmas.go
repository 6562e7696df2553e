// This file defines lemmas: theorems added to queries to spare the solver
// rediscovering them. Each is true in every execution; none narrows what
// the query allows.

package constraints

import (
	"hgrd/expr"
	"hgrd/kernelanalysis"
)

// globalIndexLemmas states, for each axis, that the global index
// blockIdx*blockDim + threadIdx (computed without wrapping) is below
// gridDim*blockDim and names one thread: equal indices mean equal block
// and thread indices. Both are theorems of the launch limits; stated,
// they spare the solver rediscovering them (queries of the form
// out[blockIdx.x*blockDim.x + threadIdx.x] with a symbolic block size go
// from undecided to a quarter of a second).
func globalIndexLemmas() []*expr.Term {
	var lemmas []*expr.Term
	for axis := 0; axis < 3; axis++ {
		ntid, nctaid := wide(kernelanalysis.BlockDim(axis)), wide(kernelanalysis.GridDim(axis))
		global := func(n int) *expr.Term {
			return expr.Add(expr.Mul(wide(side(kernelanalysis.BlockIdx(axis), n)), ntid), wide(side(kernelanalysis.ThreadIdx(axis), n)))
		}
		g1, g2 := global(1), global(2)
		same := expr.AllOf(
			expr.Eq(side(kernelanalysis.BlockIdx(axis), 1), side(kernelanalysis.BlockIdx(axis), 2)),
			expr.Eq(side(kernelanalysis.ThreadIdx(axis), 1), side(kernelanalysis.ThreadIdx(axis), 2)))
		total := expr.Mul(ntid, nctaid)
		lemmas = append(lemmas, expr.Eq(expr.Eq(g1, g2), same), expr.ULt(g1, total), expr.ULt(g2, total))
	}
	return lemmas
}

// A radix is a sub-term x*n + y of an address: row x, column y of a
// row-major array with rows of n elements.
type radix struct {
	x, n, y *expr.Term
	// rows, if set, are the cofactors of n that x sums (sumGroups); x
	// is then in 64 bits if there are two.
	rows []*expr.Term
	// wide marks a reading of a 64-bit sum, whose product x*n may wrap.
	wide bool
}

// maxRadixLemmas bounds the lemmas one query gets.
const maxRadixLemmas = 16

// radixLemmas states, for each row-major index x1*n + y1 in the first
// access's offset and x2*n + y2 in the second's with the same symbolic n,
// that with both columns in [0, n) equal indices have equal rows and
// columns (computed in 64 bits from 32-bit parts, where nothing wraps).
// Without it the solver must reason about products of unknowns bit by
// bit, which it often cannot do within its budget. Pairs in which a
// reading groups several products by their common factor (sumGroups)
// get lemmas of their own, as do the readings of their rows.
func radixLemmas(off1, off2 *expr.Term) []*expr.Term {
	singles1, singles2 := radices(off1), radices(off2)
	lemmas := pairLemmas(singles1, singles2, false)
	all1 := append(singles1, groupedRadices(off1)...)
	all2 := append(singles2, groupedRadices(off2)...)
	return append(lemmas, pairLemmas(all1, all2, true)...)
}

// pairLemmas states, within maxRadixLemmas, the uniqueness of each pair
// of readings with the same factor: all pairs if outer is false; if it
// is set, the pairs of which one at least is grouped, each with the
// readings of their rows: the plane and row of ll*(nz+1)*(nx+1) +
// k*(nx+1) + i, whose row ll*(nz+1) + k is itself row-major.
func pairLemmas(rs1, rs2 []radix, outer bool) []*expr.Term {
	var lemmas []*expr.Term
	for _, r1 := range rs1 {
		for _, r2 := range rs2 {
			if !expr.Equal(r1.n, r2.n) || outer && r1.rows == nil && r2.rows == nil || len(lemmas) >= maxRadixLemmas {
				continue
			}
			lemmas = append(lemmas, radixLemma(r1, r2))
			if outer {
				lemmas = append(lemmas, pairLemmas(rowReadings(r1), rowReadings(r2), false)...)
			}
		}
	}
	return lemmas[:min(len(lemmas), maxRadixLemmas)]
}

// rowReadings returns the readings of a reading's row, one product at a
// time and grouped.
func rowReadings(r radix) []radix {
	terms := r.rows
	if terms == nil {
		terms = summands(r.x)
	}
	return append(sumRadices(terms), sumGroups(terms)...)
}

// radixLemma states the uniqueness of a row-major decomposition.
func radixLemma(r1, r2 radix) *expr.Term {
	s := func(t *expr.Term) *expr.Term { return expr.SExt(t, 64) }
	n := s(r1.n)
	i1 := expr.Add(expr.Mul(s(r1.x), n), s(r1.y))
	i2 := expr.Add(expr.Mul(s(r2.x), n), s(r2.y))
	zero := expr.Const(0, 64)
	inRow := func(y *expr.Term) *expr.Term { return expr.AllOf(expr.SLe(zero, s(y)), expr.SLt(s(y), n)) }
	premise := expr.AllOf(expr.Eq(i1, i2), inRow(r1.y), inRow(r2.y))
	if r1.wide || r2.wide {
		premise = expr.AllOf(premise, exact(r1), exact(r2))
	}
	x1, x2 := r1.x, r2.x
	if x1.Width != x2.Width {
		x1, x2 = s(x1), s(x2)
	}
	return expr.Implies(premise, expr.AllOf(expr.Eq(x1, x2), expr.Eq(r1.y, r2.y)))
}

// exact states that a wide reading's row and row length are below 2^31,
// so that x*n + y, with y in [0, n), is computed in 64 bits without
// wrapping and the uniqueness of radixLemma is a theorem. (A 32-bit
// reading's parts are sign-extended from 32 bits: exact by their widths.)
func exact(r radix) *expr.Term {
	limit := expr.Const(1<<31-1, 64)
	x := expr.SExt(r.x, 64)
	return expr.AllOf(expr.SLe(expr.Const(0, 64), x), expr.SLe(x, limit), expr.SLe(expr.SExt(r.n, 64), limit))
}

// widened reports whether t is a value of at most 32 bits, zero- or
// sign-extended, or a product of such (blockDim.x * gridDim.x, the
// stride of a grid-stride loop).
func widened(t *expr.Term) bool {
	switch t.Op {
	case expr.OpZExt, expr.OpSExt:
		return t.Args[0].Width <= 32
	case expr.OpMul:
		return widened(t.Args[0]) && widened(t.Args[1])
	}
	return false
}

// radices returns the ways of reading 32-bit sub-terms of t as x*n + y
// with a symbolic n: each sum is flattened, and each product in it with a
// non-constant factor n is a row x, the other summands the column y.
func radices(t *expr.Term) []radix { return sumReadings(t, sumRadices) }

// sumReadings returns what read makes of each 32-bit sum in t, flattened,
// then of each 64-bit sum whose row and row length are 32-bit values
// widened (see widened; int64_t and size_t indices, such as a grid-stride loop's
// blockIdx.x + k*gridDim.x), marked wide (see exact). Readings of 64-bit
// rows and lengths (a pitch, a slice of pitch*height) are left out: their
// lemmas' products made pitch-cuda's integer attempts, which decided its
// queries within 60k units, fail at 600k.
func sumReadings(t *expr.Term, read func([]*expr.Term) []radix) []radix {
	var narrow, wide []radix
	expr.Inspect(t, func(t *expr.Term) bool {
		if t.Op != expr.OpAdd {
			return true
		}
		switch t.Width {
		case 32:
			narrow = append(narrow, read(summands(t))...)
		case 64:
			for _, r := range read(summands(t)) {
				if widened(r.x) && widened(r.n) {
					r.wide = true
					wide = append(wide, r)
				}
			}
		}
		return true
	})
	return append(narrow, wide...)
}

// summands flattens a sum.
func summands(t *expr.Term) []*expr.Term {
	if t.Op != expr.OpAdd {
		return []*expr.Term{t}
	}
	return append(summands(t.Args[0]), summands(t.Args[1])...)
}

// sumRadices reads a flattened sum as x*n + rest for each product in it.
func sumRadices(terms []*expr.Term) []radix {
	var out []radix
	for i, m := range terms {
		if m.Op != expr.OpMul {
			continue
		}
		rest := expr.Const(0, m.Width)
		for j, other := range terms {
			if j != i {
				rest = expr.Add(rest, other)
			}
		}
		for _, xn := range [][2]*expr.Term{{m.Args[0], m.Args[1]}, {m.Args[1], m.Args[0]}} {
			if !xn[1].IsConst() {
				out = append(out, radix{x: xn[0], n: xn[1], y: rest})
			}
		}
	}
	return out
}

// globalIndexBounds states, for one side's thread, that its global index
// along each axis is below gridDim*blockDim (globalIndexLemmas).
func globalIndexBounds(side int) []*expr.Term {
	var bounds []*expr.Term
	for axis := 0; axis < 3; axis++ {
		ntid, nctaid := wide(kernelanalysis.BlockDim(axis)), wide(kernelanalysis.GridDim(axis))
		g := expr.Add(expr.Mul(wide(expr.Instantiate(kernelanalysis.BlockIdx(axis), side)), ntid), wide(expr.Instantiate(kernelanalysis.ThreadIdx(axis), side)))
		bounds = append(bounds, expr.ULt(g, expr.Mul(ntid, nctaid)))
	}
	return bounds
}

// divisions returns the quotients and remainders by a non-constant
// divisor in terms, each once, in the order they first occur: with a
// constant divisor they are a shift and a mask, which the solver reads as
// such, and the lemmas about them only changed how it searched
// (quantAQLM's sh_b[F*(i/8) + i%8], decided in 17 s without the identity
// below, was not decided within the budget with it).
func divisions(terms []*expr.Term) []*expr.Term {
	var seen expr.Interner
	done := map[*expr.Term]bool{}
	var out []*expr.Term
	var inspect expr.Inspector
	for _, a := range terms {
		inspect.Inspect(a, func(t *expr.Term) bool {
			switch t.Op {
			case expr.OpUDiv, expr.OpURem, expr.OpSDiv, expr.OpSRem:
				if r := seen.Intern(t); !t.Args[1].IsConst() && !done[r] {
					done[r] = true
					out = append(out, r)
				}
			}
			return true
		})
	}
	return out
}

// divisionLemmas states, for each dividend and divisor of which divs
// (see divisions) hold both the quotient and the remainder, that the
// dividend is the quotient times the divisor plus the remainder: a
// theorem of bit-vector division, for a zero divisor too. It ties a
// block's tile row blockIdx.y / w and column blockIdx.y % w back to its
// index: equal rows and columns of two blocks then mean the same block.
func divisionLemmas(divs []*expr.Term) []*expr.Term {
	type operands struct {
		x, n   *expr.Term
		signed bool
	}
	var terms expr.Interner
	quotients := map[operands]*expr.Term{}
	var order []operands
	remainders := map[operands]*expr.Term{}
	for _, t := range divs {
		key := operands{terms.Intern(t.Args[0]), terms.Intern(t.Args[1]), t.Op == expr.OpSDiv || t.Op == expr.OpSRem}
		switch t.Op {
		case expr.OpUDiv, expr.OpSDiv:
			order = append(order, key)
			quotients[key] = t
		default:
			remainders[key] = t
		}
	}
	var lemmas []*expr.Term
	var split []operands // dividends with both a quotient and a remainder
	for _, key := range order {
		q, r := quotients[key], remainders[key]
		if r == nil {
			continue
		}
		lemmas = append(lemmas, expr.Eq(key.x, expr.Add(expr.Mul(q, key.n), r)))
		split = append(split, key)
	}
	// Two dividends with equal quotients and equal remainders by one
	// divisor are equal: a consequence of the lemmas above, stated
	// without their products, which a bit-vector solver blasts into a
	// multiplier each even when the quotients are equal (convolution3D's
	// tile of blockIdx.y / W_grid and blockIdx.y % W_grid: the two
	// blocks' equal rows and columns left same block undecided after
	// 10M units).
	for i, a := range split {
		for _, b := range split[i+1:] {
			if a.n != b.n || a.signed != b.signed || len(lemmas) >= maxDivisionLemmas {
				continue
			}
			same := expr.AllOf(expr.Eq(quotients[a], quotients[b]), expr.Eq(remainders[a], remainders[b]))
			lemmas = append(lemmas, expr.Implies(same, expr.Eq(a.x, b.x)))
		}
	}
	return lemmas
}

// maxDivisionLemmas bounds the lemmas divisionLemmas states.
const maxDivisionLemmas = 16

// divisionBounds states, for each unsigned quotient and remainder of
// divs (see divisions), that it does not exceed the dividend (x / 0 is
// all ones, so the quotient's bound needs a divisor other than 0). With
// blockIdx.x below gridDim.x, so is blockIdx.x / w, and 16 *
// (blockIdx.x / w) + threadIdx.y does not wrap: convolution3D's tile row
// is then a column of its output's rows, which the solver could not
// prove from the launch's limits alone.
func divisionBounds(divs []*expr.Term) []*expr.Term {
	var bounds []*expr.Term
	for _, t := range divs {
		x, n := t.Args[0], t.Args[1]
		switch t.Op {
		case expr.OpURem:
			bounds = append(bounds, expr.ULe(t, x))
		case expr.OpUDiv:
			bounds = append(bounds, expr.Implies(expr.Ne(n, expr.Const(0, n.Width)), expr.ULe(t, x)))
		}
	}
	return bounds
}
