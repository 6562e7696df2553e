// This file decides, before any query, that two accesses never touch a
// common byte: the greatest-common-divisor test of dependence analysis,
// on the polynomials of their offsets.

package constraints

import (
	"math/big"

	"hgrd/expr"
	"hgrd/kernelanalysis"
)

// Disjoint reports whether two accesses of the same object never share
// a byte, whatever the threads, their iterations and the launch: the
// difference of their offsets is a constant c plus multiples of a
// modulus g, and no number c + k*g lies in the range an overlap needs,
// above -size1 and below size2. Different fields of an array of structs
// are so: state[i].a at 48i+20 against state[j].b at 48j+12 differ by
// 48(i-j)+8, never by less than 4 bytes either way. (curand's states
// gave curand_ok 160 such pairs, each asked of Z3 for every kind.)
//
// The difference's polynomial equals its term modulo 2^width, so g is
// first the largest power of two that divides every coefficient of a
// non-constant monomial; when the polynomial is small whatever its
// atoms' values (wrapFree), it is the difference itself, and g is the
// greatest common divisor of those coefficients (12 for fields of a
// 12-byte struct, where the power of two, 4, leaves field 4 bytes away
// possible).
func Disjoint(l *Launch, a, b *kernelanalysis.Access) bool {
	o1, o2 := offsets(l, a, b)
	if !a.Size.IsConst() || !b.Size.IsConst() || o1.Width != o2.Width {
		return false
	}
	at := expr.NewAtomTable()
	p1, ok1 := at.Poly(o1)
	p2, ok2 := at.Poly(o2)
	if !ok1 || !ok2 {
		return false
	}
	d, ok := p1.Plus(p2, -1)
	if !ok {
		return false
	}
	size1, size2 := int64(a.Size.Value), int64(b.Size.Value)
	modulus := stride(d)
	if !wrapFree(d, at, max(size1, size2)) {
		modulus = powerOfTwoIn(modulus, d.Width)
	}
	return !residueBetween(constant(d), modulus, -size1, size2)
}

// stride returns the greatest common divisor of the coefficients of the
// polynomial's non-constant monomials, 0 if it has none.
func stride(p expr.Polynomial) *big.Int {
	g := new(big.Int)
	for _, m := range p.Monos {
		if len(m.Atoms) > 0 {
			g.GCD(nil, nil, g, new(big.Int).Abs(big.NewInt(m.Coef)))
		}
	}
	return g
}

// constant returns the polynomial's constant monomial's coefficient.
func constant(p expr.Polynomial) int64 {
	for _, m := range p.Monos {
		if len(m.Atoms) == 0 {
			return m.Coef
		}
	}
	return 0
}

// powerOfTwoIn returns the greatest common divisor of g and 2^width: the
// modulus that holds of a polynomial read modulo 2^width (2^width for a
// constant polynomial, whose g is 0).
func powerOfTwoIn(g *big.Int, width int) *big.Int {
	top := new(big.Int).Lsh(big.NewInt(1), uint(width))
	return new(big.Int).GCD(nil, nil, g, top)
}

// residueBetween reports whether some c + k*g lies strictly between lo
// and hi; a modulus of 0 leaves c alone.
func residueBetween(c int64, g *big.Int, lo, hi int64) bool {
	v := big.NewInt(c)
	if g.Sign() == 0 {
		return lo < c && c < hi
	}
	// The least value above lo of c's residue class.
	r := new(big.Int).Mod(new(big.Int).Sub(v, big.NewInt(lo+1)), g)
	least := r.Add(r, big.NewInt(lo+1))
	return least.Cmp(big.NewInt(hi)) < 0
}

// wrapFree reports whether the polynomial's value, whatever its atoms'
// values, stays more than margin inside the signed range of its width:
// the sum of |coefficient| times the bounds of its atoms' magnitudes.
// Then a difference of two offsets that overlap by the width's signed
// reading is the polynomial's value itself, not that value plus a
// multiple of 2^width.
func wrapFree(p expr.Polynomial, at *expr.AtomTable, margin int64) bool {
	limit := new(big.Int).Lsh(big.NewInt(1), uint(p.Width-1))
	limit.Sub(limit, big.NewInt(margin))
	total := new(big.Int)
	for _, m := range p.Monos {
		term := new(big.Int).Abs(big.NewInt(m.Coef))
		for _, i := range m.Atoms {
			term.Mul(term, magnitudeBound(at.AtomTerm(i)))
		}
		total.Add(total, term)
	}
	return total.Cmp(limit) < 0
}

// magnitudeBound returns a bound of the absolute value of a term read
// as a signed number of its width: 2^(v-1) for a sign extension of v
// bits, 2^v for a zero extension, 2^(width-1) otherwise.
func magnitudeBound(t *expr.Term) *big.Int {
	switch t.Op {
	case expr.OpSExt:
		return new(big.Int).Lsh(big.NewInt(1), uint(t.Args[0].Width-1))
	case expr.OpZExt:
		return new(big.Int).Lsh(big.NewInt(1), uint(t.Args[0].Width))
	}
	return new(big.Int).Lsh(big.NewInt(1), uint(t.Width-1))
}
