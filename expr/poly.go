// This file defines polynomials over atoms: the normal form in which
// constraints finds the factors of row-major indices and solver compares
// the two sides of a premise.

package expr

import (
	"math"
	"slices"
)

// A Polynomial is a sum of monomials with integer coefficients over
// atoms, sub-terms numbered by an AtomTable, of one width. Poly reads a
// term built by addition, subtraction, multiplication and left shift by
// constants from atoms, with constants read as signed numbers of the
// term's width; the polynomial's value then equals the term's modulo
// 2^Width, and is the term's signed value when nothing in the term
// wraps. offset_r*max_cols + (max_cols*16)*(blk-1-bx) + (max_cols+1) is
// offset_r·max_cols + 16·max_cols·blk - 16·max_cols·bx - 15·max_cols + 1
// (bx and max_cols atoms), whose factor max_cols the term hides in three
// shapes.
type Polynomial struct {
	Width int
	Monos []Monomial // by atoms, none with a zero coefficient
}

// A Monomial is a coefficient times a product of atoms.
type Monomial struct {
	Coef  int64
	Atoms []int // numbers in the AtomTable, sorted
}

// MaxMonomials bounds a polynomial's size: a product of sums expands
// into the product of their sizes.
const MaxMonomials = 48

// An AtomTable numbers the atoms of the polynomials it makes,
// structurally equal atoms alike.
type AtomTable struct {
	interner Interner
	index    map[*Term]int
	atoms    []*Term
}

// NewAtomTable returns an empty AtomTable.
func NewAtomTable() *AtomTable { return &AtomTable{index: map[*Term]int{}} }

// Atom returns the number of t's atom.
func (at *AtomTable) Atom(t *Term) int {
	r := at.interner.Intern(t)
	if i, ok := at.index[r]; ok {
		return i
	}
	at.index[r] = len(at.atoms)
	at.atoms = append(at.atoms, r)
	return len(at.atoms) - 1
}

// AtomTerm returns the term of atom number i.
func (at *AtomTable) AtomTerm(i int) *Term { return at.atoms[i] }

// AtomPoly returns the polynomial of t read as one atom.
func (at *AtomTable) AtomPoly(t *Term) Polynomial {
	return Polynomial{Width: t.Width, Monos: []Monomial{{Coef: 1, Atoms: []int{at.Atom(t)}}}}
}

// Poly returns t's polynomial, reading every sub-term that is no sum,
// difference, product or shift by a constant as an atom; false if it has
// more than MaxMonomials monomials somewhere or a coefficient outside
// int64.
func (at *AtomTable) Poly(t *Term) (Polynomial, bool) {
	return at.PolyWith(t, func(u *Term) (Polynomial, bool) { return at.AtomPoly(u), true })
}

// PolyWith is Poly with other reads each sub-term that is no constant,
// sum, difference, product or shift by a constant: as an atom, or
// through what it computes (a sign extension that cannot change its
// operand's value); false if it cannot be read.
func (at *AtomTable) PolyWith(t *Term, other func(*Term) (Polynomial, bool)) (Polynomial, bool) {
	w := t.Width
	switch {
	case t.Op == OpConst:
		return ConstPoly(t.Signed(), w), true
	case t.Op == OpAdd || t.Op == OpSub || t.Op == OpMul:
		a, okA := at.PolyWith(t.Args[0], other)
		b, okB := at.PolyWith(t.Args[1], other)
		if !okA || !okB {
			return Polynomial{}, false
		}
		switch t.Op {
		case OpAdd:
			return a.Plus(b, 1)
		case OpSub:
			return a.Plus(b, -1)
		}
		return a.Times(b)
	}
	if k, ok := ConstShift(t); ok {
		a, ok := at.PolyWith(t.Args[0], other)
		if !ok {
			return Polynomial{}, false
		}
		return a.Times(ConstPoly(1<<k, w))
	}
	return other(t)
}

// ConstShift returns the amount of a left shift by a constant below
// the term's width and 63: a product by 2^amount, as Poly reads it.
func ConstShift(t *Term) (uint, bool) {
	if t.Op != OpShl || !t.Args[1].IsConst() || t.Args[1].Value >= uint64(min(t.Width, 63)) {
		return 0, false
	}
	return uint(t.Args[1].Value), true
}

// ConstPoly returns the polynomial of a constant.
func ConstPoly(v int64, w int) Polynomial {
	p := Polynomial{Width: w}
	if v != 0 {
		p.Monos = []Monomial{{Coef: v}}
	}
	return p
}

// Plus returns p + k*q.
func (p Polynomial) Plus(q Polynomial, k int64) (Polynomial, bool) {
	sum := Polynomial{Width: p.Width, Monos: slices.Clone(p.Monos)}
	for _, m := range q.Monos {
		c, ok := MulInt(m.Coef, k)
		if !ok || !sum.Add(Monomial{Coef: c, Atoms: m.Atoms}) {
			return Polynomial{}, false
		}
	}
	return sum, len(sum.Monos) <= MaxMonomials
}

// Times returns p*q.
func (p Polynomial) Times(q Polynomial) (Polynomial, bool) {
	prod := Polynomial{Width: p.Width}
	for _, m := range p.Monos {
		for _, n := range q.Monos {
			atoms := slices.Concat(m.Atoms, n.Atoms)
			slices.Sort(atoms)
			c, ok := MulInt(m.Coef, n.Coef)
			if !ok || !prod.Add(Monomial{Coef: c, Atoms: atoms}) || len(prod.Monos) > MaxMonomials {
				return Polynomial{}, false
			}
		}
	}
	return prod, true
}

// Add adds a monomial in place, keeping the monomials sorted and
// dropping those whose coefficient becomes zero; false if a coefficient
// leaves int64.
func (p *Polynomial) Add(m Monomial) bool {
	i, found := slices.BinarySearchFunc(p.Monos, m.Atoms, func(n Monomial, atoms []int) int { return slices.Compare(n.Atoms, atoms) })
	switch {
	case found:
		c := p.Monos[i].Coef + m.Coef
		if (c > p.Monos[i].Coef) != (m.Coef > 0) {
			return false
		}
		p.Monos[i].Coef = c
		if c == 0 {
			p.Monos = slices.Delete(p.Monos, i, i+1)
		}
	case m.Coef != 0:
		p.Monos = slices.Insert(p.Monos, i, m)
	}
	return true
}

// IsZero reports whether the polynomial has no monomial.
func (p Polynomial) IsZero() bool { return len(p.Monos) == 0 }

// MulInt returns a*b, or false if it overflows int64.
func MulInt(a, b int64) (int64, bool) {
	if a == 0 || b == 0 {
		return 0, true
	}
	c := a * b
	return c, c/b == a && !(a == -1 && b == math.MinInt64) && !(b == -1 && a == math.MinInt64)
}
