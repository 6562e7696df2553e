// This file defines the polynomial normal form of bit-vector terms, in
// which rows.go looks for the factors of row-major indices.

package constraints

import (
	"math"
	"math/big"
	"slices"

	"hgrd/expr"
)

// A polynomial is a sum of monomials with integer coefficients: the
// normal form of a term built by addition, subtraction, multiplication
// and left shift by constants from atoms, its other sub-terms, with
// constants read as signed numbers of the term's width. Its value
// equals the term's modulo 2^width, and is the term's signed value when
// the term is computed without signed wrap (symbolic's WrapFree). offset_r*max_cols + (max_cols*16)*(blk-1-bx) +
// (max_cols+1) is offset_r·max_cols + 16·max_cols·blk - 16·max_cols·bx
// - 15·max_cols + 1 (bx and max_cols atoms), whose factor max_cols the
// term hides in three shapes.
type polynomial struct {
	width int
	monos []monomial // by key, none with a zero coefficient
}

// A monomial is a coefficient times a product of atoms.
type monomial struct {
	coef  int64
	atoms []int // indices in the atomTable, sorted
}

// maxMonomials bounds a polynomial's size: a product of sums expands
// into the product of their sizes.
const maxMonomials = 48

// An atomTable numbers the atoms of the polynomials it makes, structurally
// equal atoms alike.
type atomTable struct {
	interner expr.Interner
	index    map[*expr.Term]int
	atoms    []*expr.Term
}

func newAtomTable() *atomTable { return &atomTable{index: map[*expr.Term]int{}} }

// atom returns the number of t's atom.
func (at *atomTable) atom(t *expr.Term) int {
	r := at.interner.Intern(t)
	if i, ok := at.index[r]; ok {
		return i
	}
	at.index[r] = len(at.atoms)
	at.atoms = append(at.atoms, r)
	return len(at.atoms) - 1
}

// poly returns t's polynomial, or false if it has more than maxMonomials
// monomials somewhere or a coefficient outside int64.
func (at *atomTable) poly(t *expr.Term) (polynomial, bool) {
	w := t.Width
	switch {
	case t.Op == expr.OpConst:
		return constPoly(signed(t.Value, w), w), true
	case t.Op == expr.OpAdd || t.Op == expr.OpSub || t.Op == expr.OpMul:
		a, okA := at.poly(t.Args[0])
		b, okB := at.poly(t.Args[1])
		if !okA || !okB {
			return polynomial{}, false
		}
		switch t.Op {
		case expr.OpAdd:
			return a.plus(b, 1)
		case expr.OpSub:
			return a.plus(b, -1)
		}
		return a.times(b)
	case t.Op == expr.OpShl && t.Args[1].IsConst() && t.Args[1].Value < uint64(min(w, 63)):
		a, ok := at.poly(t.Args[0])
		if !ok {
			return polynomial{}, false
		}
		return a.times(constPoly(1<<t.Args[1].Value, w))
	}
	return polynomial{width: w, monos: []monomial{{coef: 1, atoms: []int{at.atom(t)}}}}, true
}

// constPoly returns the polynomial of a constant.
func constPoly(v int64, w int) polynomial {
	p := polynomial{width: w}
	if v != 0 {
		p.monos = []monomial{{coef: v}}
	}
	return p
}

// signed reads the low w bits of v as a signed number.
func signed(v uint64, w int) int64 {
	if w >= 64 {
		return int64(v)
	}
	return int64(v<<(64-w)) >> (64 - w)
}

// plus returns p + k*q.
func (p polynomial) plus(q polynomial, k int64) (polynomial, bool) {
	sum := polynomial{width: p.width, monos: slices.Clone(p.monos)}
	for _, m := range q.monos {
		c, ok := mulInt(m.coef, k)
		if !ok || !sum.add(monomial{coef: c, atoms: m.atoms}) {
			return polynomial{}, false
		}
	}
	return sum, len(sum.monos) <= maxMonomials
}

// times returns p*q.
func (p polynomial) times(q polynomial) (polynomial, bool) {
	prod := polynomial{width: p.width}
	for _, m := range p.monos {
		for _, n := range q.monos {
			atoms := slices.Concat(m.atoms, n.atoms)
			slices.Sort(atoms)
			c, ok := mulInt(m.coef, n.coef)
			if !ok || !prod.add(monomial{coef: c, atoms: atoms}) || len(prod.monos) > maxMonomials {
				return polynomial{}, false
			}
		}
	}
	return prod, true
}

// add adds a monomial in place, keeping the monomials sorted and
// dropping those whose coefficient becomes zero; false if a coefficient
// leaves int64.
func (p *polynomial) add(m monomial) bool {
	i, found := slices.BinarySearchFunc(p.monos, m.atoms, func(n monomial, atoms []int) int { return slices.Compare(n.atoms, atoms) })
	switch {
	case found:
		c := p.monos[i].coef + m.coef
		if (c > p.monos[i].coef) != (m.coef > 0) {
			return false
		}
		p.monos[i].coef = c
		if c == 0 {
			p.monos = slices.Delete(p.monos, i, i+1)
		}
	case m.coef != 0:
		p.monos = slices.Insert(p.monos, i, m)
	}
	return true
}

// mulInt returns a*b, or false if it overflows int64.
func mulInt(a, b int64) (int64, bool) {
	if a == 0 || b == 0 {
		return 0, true
	}
	c := a * b
	return c, c/b == a && !(a == -1 && b == math.MinInt64) && !(b == -1 && a == math.MinInt64)
}

// term returns the polynomial as a term: a sum of products, the
// constant first.
func (at *atomTable) term(p polynomial) *expr.Term {
	var sum *expr.Term
	for _, m := range p.monos {
		var prod *expr.Term
		for _, a := range m.atoms {
			prod = mulTo(prod, at.atoms[a])
		}
		switch {
		case prod == nil:
			prod = expr.Int(m.coef, p.width)
		case m.coef != 1:
			prod = expr.Mul(expr.Int(m.coef, p.width), prod)
		}
		sum = addTo(sum, prod)
	}
	if sum == nil {
		return expr.Const(0, p.width)
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

// atom reports whether the polynomial is a single atom.
func (p polynomial) atom() bool {
	return len(p.monos) == 1 && p.monos[0].coef == 1 && len(p.monos[0].atoms) == 1
}

// fits32 reports whether every coefficient is a signed 32-bit number, so
// that the polynomial of the term of p is p again.
func (p polynomial) fits32() bool {
	for _, m := range p.monos {
		if m.coef != int64(int32(m.coef)) {
			return false
		}
	}
	return true
}

// wideTerm returns the polynomial as a 64-bit term over its
// sign-extended atoms: its integer value, if fits64.
func (at *atomTable) wideTerm(p polynomial) *expr.Term {
	var sum *expr.Term
	for _, m := range p.monos {
		t := expr.Int(m.coef, 64)
		for _, a := range m.atoms {
			t = expr.Mul(t, expr.SExt(at.atoms[a], 64))
		}
		sum = addTo(sum, t)
	}
	if sum == nil {
		return expr.Const(0, 64)
	}
	return sum
}

// fits64 reports whether the polynomial's value fits in a signed 64-bit
// number whatever the values of its 32-bit atoms, and so does every
// partial sum and product wideTerm computes: the sum of |coefficient| *
// 2^(31*degree) is below 2^63.
func (p polynomial) fits64() bool {
	limit := new(big.Int).Lsh(big.NewInt(1), 63)
	total := new(big.Int)
	for _, m := range p.monos {
		if len(m.atoms) > 2 {
			return false
		}
		c := new(big.Int).Abs(big.NewInt(m.coef))
		total.Add(total, c.Lsh(c, uint(31*len(m.atoms))))
	}
	return total.Cmp(limit) < 0
}

// maxDivisionSteps bounds the steps of divideBy.
const maxDivisionSteps = 4 * maxMonomials

// divideBy returns q and r with p = q*d + r, by the division of
// multivariate polynomials: while a monomial of r is a multiple of d's
// leading monomial (the largest by degree, then by atoms), that multiple
// of d moves from r to q. The leading coefficient must be 1 or -1, so
// that q's coefficients are integers. ll*nz + ll + k divided by nz + 1
// is ll remainder k. False if d is constant or the division does not
// end within maxDivisionSteps.
func divideBy(p, d polynomial) (q, r polynomial, ok bool) {
	lead, ok := d.leading()
	if !ok || len(lead.atoms) == 0 || (lead.coef != 1 && lead.coef != -1) {
		return polynomial{}, polynomial{}, false
	}
	q, r = polynomial{width: p.width}, polynomial{width: p.width, monos: slices.Clone(p.monos)}
	for range maxDivisionSteps {
		m, found := r.largestMultiple(lead)
		if !found {
			return q, r, true
		}
		cofactor := monomial{coef: m.coef * lead.coef, atoms: without(m.atoms, lead.atoms)}
		if !q.add(cofactor) {
			return polynomial{}, polynomial{}, false
		}
		prod, ok := polynomial{width: p.width, monos: []monomial{cofactor}}.times(d)
		if !ok {
			return polynomial{}, polynomial{}, false
		}
		if r, ok = r.plus(prod, -1); !ok {
			return polynomial{}, polynomial{}, false
		}
	}
	return polynomial{}, polynomial{}, false
}

// leading returns the largest monomial by degree, then by atoms.
func (p polynomial) leading() (monomial, bool) {
	if len(p.monos) == 0 {
		return monomial{}, false
	}
	return slices.MaxFunc(p.monos, compareMonomials), true
}

// largestMultiple returns the largest monomial of p that is a multiple
// of m's atoms.
func (p polynomial) largestMultiple(m monomial) (monomial, bool) {
	var best monomial
	found := false
	for _, n := range p.monos {
		if divides(m.atoms, n.atoms) && (!found || compareMonomials(n, best) > 0) {
			best, found = n, true
		}
	}
	return best, found
}

// compareMonomials orders monomials by degree, then by their atoms.
func compareMonomials(a, b monomial) int {
	if d := len(a.atoms) - len(b.atoms); d != 0 {
		return d
	}
	return slices.Compare(a.atoms, b.atoms)
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
