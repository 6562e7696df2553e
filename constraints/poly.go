// This file defines what the row readings (rows.go, byterows.go) and
// the disjointness test (disjoint.go) ask of the polynomial normal form of
// bit-vector terms (expr.Polynomial): terms of polynomials, their
// ranges, and the division that finds a row-major index's row and
// column.

package constraints

import (
	"math/big"
	"slices"

	"hgrd/cuda"
	"hgrd/expr"
)

// polyTerm returns the polynomial as a term: a sum of products, the
// constant first.
func polyTerm(at *expr.AtomTable, p expr.Polynomial) *expr.Term {
	var sum *expr.Term
	for _, m := range p.Monos {
		var prod *expr.Term
		for _, a := range m.Atoms {
			prod = mulTo(prod, at.AtomTerm(a))
		}
		switch {
		case prod == nil:
			prod = expr.Int(m.Coef, p.Width)
		case m.Coef != 1:
			prod = expr.Mul(expr.Int(m.Coef, p.Width), prod)
		}
		sum = addTo(sum, prod)
	}
	if sum == nil {
		return expr.Const(0, p.Width)
	}
	return sum
}

// mulTo returns prod * t, or t if prod is nil.
func mulTo(prod, t *expr.Term) *expr.Term {
	if prod == nil {
		return t
	}
	return expr.Mul(prod, t)
}

// isAtom reports whether the polynomial is a single atom.
func isAtom(p expr.Polynomial) bool {
	return len(p.Monos) == 1 && p.Monos[0].Coef == 1 && len(p.Monos[0].Atoms) == 1
}

// fits32 reports whether every coefficient is a signed 32-bit number, so
// that the polynomial of the term of p is p again.
func fits32(p expr.Polynomial) bool {
	for _, m := range p.Monos {
		if m.Coef != int64(int32(m.Coef)) {
			return false
		}
	}
	return true
}

// wideTerm returns the polynomial as a 64-bit term over its
// sign-extended atoms: its integer value, if fits64.
func wideTerm(at *expr.AtomTable, p expr.Polynomial) *expr.Term {
	var sum *expr.Term
	for _, m := range p.Monos {
		t := expr.Int(m.Coef, 64)
		for _, a := range m.Atoms {
			t = expr.Mul(t, expr.SExt(at.AtomTerm(a), 64))
		}
		sum = addTo(sum, t)
	}
	if sum == nil {
		return expr.Const(0, 64)
	}
	return sum
}

// fits64 reports whether the polynomial's value fits in a signed 64-bit
// number whatever the values of its atoms, and so does every partial
// sum and product wideTerm computes: the sum of |coefficient| times the
// product of its atoms' magnitudes (atomMagnitude) is below 2^63.
func fits64(at *expr.AtomTable, p expr.Polynomial) bool {
	limit := new(big.Int).Lsh(big.NewInt(1), 63)
	total := new(big.Int)
	for _, m := range p.Monos {
		c := new(big.Int).Abs(big.NewInt(m.Coef))
		for _, a := range m.Atoms {
			c.Mul(c, atomMagnitude(at.AtomTerm(a)))
		}
		total.Add(total, c)
	}
	return total.Cmp(limit) < 0
}

// atomMagnitude bounds the absolute value of an atom's signed 32-bit
// reading: a thread's or block's index, or a launch's dimension, by
// CUDA's limits on a launch, which every query states; any other by
// 2^31. (blockIdx.y*4 + threadIdx.y)*n + x, computed in 32 bits, has an
// exact 64-bit reading though n is any int: blockIdx.y is below 65535.
func atomMagnitude(t *expr.Term) *big.Int {
	if t.Op == expr.OpVar && t.Role.Axis >= 0 && t.Role.Axis < 3 {
		switch t.Role.Kind {
		case expr.ThreadIndex, expr.BlockDim:
			return big.NewInt(cuda.MaxBlockDim[t.Role.Axis])
		case expr.BlockIndex, expr.GridDim:
			return big.NewInt(cuda.MaxGridDim[t.Role.Axis])
		}
	}
	return new(big.Int).Lsh(big.NewInt(1), 31)
}

// maxDivisionSteps bounds the steps of divideBy.
const maxDivisionSteps = 4 * expr.MaxMonomials

// divideBy returns q and r with p = q*d + r, by the division of
// multivariate polynomials: while a monomial of r is a multiple of d's
// leading monomial (the largest by degree, then by atoms), that multiple
// of d moves from r to q. The leading coefficient must be 1 or -1, so
// that q's coefficients are integers. ll*nz + ll + k divided by nz + 1
// is ll remainder k. False if d is constant or the division does not
// end within maxDivisionSteps.
func divideBy(p, d expr.Polynomial) (q, r expr.Polynomial, ok bool) {
	lead, ok := leading(d)
	if !ok || len(lead.Atoms) == 0 || (lead.Coef != 1 && lead.Coef != -1) {
		return expr.Polynomial{}, expr.Polynomial{}, false
	}
	q, r = expr.Polynomial{Width: p.Width}, expr.Polynomial{Width: p.Width, Monos: slices.Clone(p.Monos)}
	for range maxDivisionSteps {
		m, found := largestMultiple(r, lead)
		if !found {
			return q, r, true
		}
		cofactor := expr.Monomial{Coef: m.Coef * lead.Coef, Atoms: without(m.Atoms, lead.Atoms)}
		if !q.Add(cofactor) {
			return expr.Polynomial{}, expr.Polynomial{}, false
		}
		prod, ok := expr.Polynomial{Width: p.Width, Monos: []expr.Monomial{cofactor}}.Times(d)
		if !ok {
			return expr.Polynomial{}, expr.Polynomial{}, false
		}
		if r, ok = r.Plus(prod, -1); !ok {
			return expr.Polynomial{}, expr.Polynomial{}, false
		}
	}
	return expr.Polynomial{}, expr.Polynomial{}, false
}

// leading returns the largest monomial by degree, then by atoms.
func leading(p expr.Polynomial) (expr.Monomial, bool) {
	if len(p.Monos) == 0 {
		return expr.Monomial{}, false
	}
	return slices.MaxFunc(p.Monos, compareMonomials), true
}

// largestMultiple returns the largest monomial of p that is a multiple
// of m's atoms.
func largestMultiple(p expr.Polynomial, m expr.Monomial) (expr.Monomial, bool) {
	var best expr.Monomial
	found := false
	for _, n := range p.Monos {
		if divides(m.Atoms, n.Atoms) && (!found || compareMonomials(n, best) > 0) {
			best, found = n, true
		}
	}
	return best, found
}

// compareMonomials orders monomials by degree, then by their atoms.
func compareMonomials(a, b expr.Monomial) int {
	if d := len(a.Atoms) - len(b.Atoms); d != 0 {
		return d
	}
	return slices.Compare(a.Atoms, b.Atoms)
}

// divides reports whether the sorted atoms of a are a sub-multiset of
// b's.
func divides(a, b []int) bool {
	i := 0
	for _, x := range b {
		if i < len(a) && a[i] == x {
			i++
		}
	}
	return i == len(a)
}

// without returns the sorted atoms of b less those of a, a sub-multiset.
func without(b, a []int) []int {
	var out []int
	i := 0
	for _, x := range b {
		if i < len(a) && a[i] == x {
			i++
			continue
		}
		out = append(out, x)
	}
	return out
}
