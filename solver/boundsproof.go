// This file proves a goal from the bounds its facts state, without Z3:
// the quick abstract check before the solver. Most premises of a query's
// lemmas (package analysis) say that an index computed in 32 bits does
// not wrap, sext(16*blockIdx.x + threadIdx.x) == 16*sext(blockIdx.x) +
// sext(threadIdx.x), or that it is not negative; with a launch's
// constant block size and the bound of its grid they follow from
// intervals alone. Each proof in Z3 costs a context of its own and a
// few milliseconds before any search, which on the examples' small
// files was a fifth of their solving.
//
// The check reads every bit-vector term as a signed integer. It keeps
// an interval of each variable and bounded term, from the comparisons
// among the facts, and reads a term as a polynomial over atoms
// (variables and the operations it does not expand) when no addition,
// subtraction or product in it can wrap: the term's value is then the
// polynomial's. A goal that compares two such polynomials is proven
// when the interval of their difference decides it, or when a fact
// compares the same two terms up to what the intervals give their
// differences (a guard i < n, stated again as a premise). Anything else
// is left to the solver: the check only ever answers "proven".

package solver

import (
	"math/big"
	"slices"

	"hgrd/expr"
)

// boundsRounds bounds how many times the facts are read again for the
// bounds that earlier readings gave (a grid's width bounded by its
// product with a constant block size, then its blocks by the width).
const boundsRounds = 4

// maxRefineDepth bounds how far a term's bound is carried into its
// operands (through extensions, sums and products with constants).
const maxRefineDepth = 6

// A boundsProof holds what the facts of one proof bound.
type boundsProof struct {
	terms expr.Interner
	known map[*expr.Term]interval // bounds the facts state, by representative
	memo  map[*expr.Term]interval // intervals of the current reading
	atoms *expr.AtomTable         // the atoms of the polynomials read
	// facts are the conjuncts of the facts, with negated comparisons
	// turned into comparisons (positive).
	facts []*expr.Term
}

// provenByBounds reports whether the bounds of facts prove goal: a
// comparison of bit-vector terms, or a conjunction of such.
func provenByBounds(facts []*expr.Term, goal *expr.Term) bool {
	return newBoundsProof(facts).proves(goal)
}

// newBoundsProof returns the bounds that facts state, read until they
// narrow no more or boundsRounds times.
func newBoundsProof(facts []*expr.Term) *boundsProof {
	p := &boundsProof{known: map[*expr.Term]interval{}, atoms: expr.NewAtomTable()}
	var conjuncts []*expr.Term
	for _, f := range facts {
		for _, c := range expr.Conjuncts(f) {
			conjuncts = append(conjuncts, positive(c))
		}
	}
	p.facts = conjuncts
	for range boundsRounds {
		p.memo = map[*expr.Term]interval{}
		changed := false
		for _, c := range conjuncts {
			changed = p.learn(c) || changed
		}
		if !changed {
			break
		}
	}
	p.memo = map[*expr.Term]interval{}
	return p
}

// proves reports whether the bounds prove goal.
func (p *boundsProof) proves(goal *expr.Term) bool {
	goal = positive(goal)
	if goal.Op == expr.OpAnd && goal.IsBool() {
		return !slices.ContainsFunc(goal.Args, func(g *expr.Term) bool { return !p.proves(g) })
	}
	if o, ok := p.ordering(goal); ok {
		return p.differenceAtLeast(o.low, o.high, o.gap) || p.orderedByFact(o)
	}
	if goal.Op != expr.OpEq || goal.Args[0].IsBool() {
		return false
	}
	a, b := goal.Args[0], goal.Args[1]
	if expr.Equal(a, b) {
		return true
	}
	pa, okA := p.poly(a)
	pb, okB := p.poly(b)
	d, ok := pa.Plus(pb, -1)
	return okA && okB && ok && d.IsZero()
}

// An ordering states that one term's signed reading is below another's
// by at least gap: low + gap <= high.
type ordering struct {
	low, high *expr.Term
	gap       int64
}

// ordering reads a comparison as an ordering of signed readings: a
// signed one as it is, an unsigned one where both sides are not
// negative (and so read alike either way).
func (p *boundsProof) ordering(c *expr.Term) (ordering, bool) {
	if len(c.Args) != 2 || c.Args[0].IsBool() {
		return ordering{}, false
	}
	a, b := c.Args[0], c.Args[1]
	unsigned := c.Op == expr.OpULt || c.Op == expr.OpULe
	if unsigned && (!p.nonNegative(a) || !p.nonNegative(b)) {
		return ordering{}, false
	}
	switch c.Op {
	case expr.OpSLt, expr.OpULt:
		return ordering{a, b, 1}, true
	case expr.OpSLe, expr.OpULe:
		return ordering{a, b, 0}, true
	}
	return ordering{}, false
}

// orderedByFact reports whether a fact orders two terms at least as far
// apart as o asks, up to what the bounds give their differences: from
// low' + gap' <= high', low <= low' + d1 and high' <= high + d2, low +
// (gap' - d1 - d2) <= high. A guard i < n proves the premise i < n
// again, and tid <u ntid proves tid <s ntid.
func (p *boundsProof) orderedByFact(o ordering) bool {
	low, okL := p.poly(o.low)
	high, okH := p.poly(o.high)
	if !okL || !okH {
		return false
	}
	for _, f := range p.facts {
		for _, fo := range p.orderings(f) {
			fl, okFL := p.poly(fo.low)
			fh, okFH := p.poly(fo.high)
			if !okFL || !okFH {
				continue
			}
			d1, ok1 := low.Plus(fl, -1)
			d2, ok2 := fh.Plus(high, -1)
			if !ok1 || !ok2 {
				continue
			}
			slack := new(big.Int).Add(p.polyInterval(d1).hi, p.polyInterval(d2).hi)
			if slack.Cmp(big.NewInt(fo.gap-o.gap)) <= 0 {
				return true
			}
		}
	}
	return false
}

// orderings returns the orderings a fact states: an equality states two.
func (p *boundsProof) orderings(f *expr.Term) []ordering {
	if f.Op == expr.OpEq && len(f.Args) == 2 && !f.Args[0].IsBool() {
		return []ordering{{f.Args[0], f.Args[1], 0}, {f.Args[1], f.Args[0], 0}}
	}
	if o, ok := p.ordering(f); ok {
		return []ordering{o}
	}
	return nil
}

// positive returns a negated comparison as the comparison that holds
// exactly where it does not (!(a < b) is b <= a); any other term as it is.
func positive(t *expr.Term) *expr.Term {
	if t.Op != expr.OpNot {
		return t
	}
	c := t.Args[0]
	if len(c.Args) != 2 || c.Args[0].IsBool() {
		return t
	}
	a, b := c.Args[0], c.Args[1]
	switch c.Op {
	case expr.OpSLt:
		return expr.SLe(b, a)
	case expr.OpSLe:
		return expr.SLt(b, a)
	case expr.OpULt:
		return expr.ULe(b, a)
	case expr.OpULe:
		return expr.ULt(b, a)
	case expr.OpEq:
		return expr.Ne(a, b)
	case expr.OpNe:
		return expr.Eq(a, b)
	}
	return t
}

// differenceAtLeast reports whether b - a >= least wherever the bounds
// hold, a and b read as polynomials.
func (p *boundsProof) differenceAtLeast(a, b *expr.Term, least int64) bool {
	pa, okA := p.poly(a)
	pb, okB := p.poly(b)
	if !okA || !okB {
		return false
	}
	d, ok := pb.Plus(pa, -1)
	return ok && p.polyInterval(d).lo.Cmp(big.NewInt(least)) >= 0
}

// nonNegative reports whether t's signed reading is at least 0, where
// its unsigned reading is the same.
func (p *boundsProof) nonNegative(t *expr.Term) bool { return p.interval(t).lo.Sign() >= 0 }

// learn reads a fact for bounds, and reports whether one narrowed.
func (p *boundsProof) learn(f *expr.Term) bool {
	if len(f.Args) != 2 || f.Args[0].IsBool() || f.Args[1].IsBool() || !comparison(f.Op) {
		return false
	}
	a, b := f.Args[0], f.Args[1]
	ia, ib := p.interval(a), p.interval(b)
	one := big.NewInt(1)
	switch f.Op {
	case expr.OpEq:
		return p.refine(a, ib, 0) || p.refine(b, ia, 0)
	case expr.OpSLe:
		return p.refine(a, interval{signedRange(a.Width).lo, ib.hi}, 0) || p.refine(b, interval{ia.lo, signedRange(b.Width).hi}, 0)
	case expr.OpSLt:
		return p.refine(a, interval{signedRange(a.Width).lo, sub(ib.hi, one)}, 0) ||
			p.refine(b, interval{add(ia.lo, one), signedRange(b.Width).hi}, 0)
	case expr.OpULe, expr.OpULt:
		// Below a non-negative bound, the unsigned reading is the signed
		// one: a's sign bit is clear. Above a non-negative value, b is
		// bounded below only where its own reading is non-negative.
		strict := int64(0)
		if f.Op == expr.OpULt {
			strict = 1
		}
		changed := false
		if ib.lo.Sign() >= 0 {
			changed = p.refine(a, interval{big.NewInt(0), sub(ib.hi, big.NewInt(strict))}, 0)
		}
		if ia.lo.Sign() >= 0 && ib.lo.Sign() >= 0 {
			changed = p.refine(b, interval{add(ia.lo, big.NewInt(strict)), signedRange(b.Width).hi}, 0) || changed
		}
		return changed
	}
	return false
}

// comparison reports whether op compares two bit-vectors.
func comparison(op expr.Op) bool {
	switch op {
	case expr.OpEq, expr.OpSLe, expr.OpSLt, expr.OpULe, expr.OpULt:
		return true
	}
	return false
}

// refine records that t lies within iv, and carries the bound into t's
// operand where t is an extension of it, or its sum or product with a
// constant, that cannot wrap. It reports whether a bound narrowed.
func (p *boundsProof) refine(t *expr.Term, iv interval, depth int) bool {
	if t.IsConst() || depth > maxRefineDepth {
		return false
	}
	key := p.terms.Intern(t)
	old, seen := p.known[key]
	if !seen {
		old = signedRange(t.Width)
	}
	narrowed := intersect(old, iv)
	if narrowed.lo.Cmp(old.lo) == 0 && narrowed.hi.Cmp(old.hi) == 0 {
		return false
	}
	p.known[key] = narrowed
	delete(p.memo, t)
	switch t.Op {
	case expr.OpSExt:
		p.refine(t.Args[0], narrowed, depth+1)
	case expr.OpZExt:
		if narrowed.hi.Cmp(signedRange(t.Args[0].Width).hi) <= 0 {
			p.refine(t.Args[0], interval{maxBig(narrowed.lo, big.NewInt(0)), narrowed.hi}, depth+1)
		}
	case expr.OpAdd:
		if x, c, ok := p.withPoint(t); ok && p.exact(t) {
			p.refine(x, interval{sub(narrowed.lo, c), sub(narrowed.hi, c)}, depth+1)
		}
	case expr.OpMul:
		if x, c, ok := p.withPoint(t); ok && c.Sign() > 0 && p.exact(t) {
			p.refine(x, interval{ceilDiv(narrowed.lo, c), floorDiv(narrowed.hi, c)}, depth+1)
		}
	}
	return true
}

// withPoint splits a binary term with an operand of one value (a
// constant, or a block size the facts fix) into the other operand and
// that value.
func (p *boundsProof) withPoint(t *expr.Term) (*expr.Term, *big.Int, bool) {
	a, b := t.Args[0], t.Args[1]
	if ib := p.interval(b); ib.lo.Cmp(ib.hi) == 0 {
		return a, ib.lo, true
	}
	if ia := p.interval(a); ia.lo.Cmp(ia.hi) == 0 {
		return b, ia.lo, true
	}
	return nil, nil, false
}

// exact reports whether an addition, subtraction or product cannot wrap:
// its operands' exact result stays within its width's signed range.
func (p *boundsProof) exact(t *expr.Term) bool {
	iv := p.arithmetic(t)
	return fits(iv, t.Width)
}

// arithmetic returns the interval of the exact result of an addition,
// subtraction, product or shift by a constant (expr.ConstShift) of t's
// operands.
func (p *boundsProof) arithmetic(t *expr.Term) interval {
	a, b := p.interval(t.Args[0]), p.interval(t.Args[1])
	switch t.Op {
	case expr.OpAdd:
		return a.plus(b)
	case expr.OpSub:
		return a.minus(b)
	}
	if k, ok := expr.ConstShift(t); ok {
		scale := new(big.Int).Lsh(big.NewInt(1), k)
		return product(a, interval{scale, scale})
	}
	return product(a, b)
}

// interval returns the range of t's signed reading wherever the bounds
// hold.
func (p *boundsProof) interval(t *expr.Term) interval {
	if iv, ok := p.memo[t]; ok {
		return iv
	}
	iv := p.structural(t)
	if known, ok := p.known[p.terms.Intern(t)]; ok {
		iv = intersect(iv, known)
	}
	p.memo[t] = iv
	return iv
}

// structural returns the range of t's signed reading that its operands'
// ranges give.
func (p *boundsProof) structural(t *expr.Term) interval {
	full := signedRange(t.Width)
	if t.IsBool() {
		return interval{big.NewInt(0), big.NewInt(1)}
	}
	switch t.Op {
	case expr.OpConst:
		v := big.NewInt(t.Signed())
		return interval{v, v}
	case expr.OpAdd, expr.OpSub, expr.OpMul:
		if iv := p.arithmetic(t); fits(iv, t.Width) {
			return iv
		}
	case expr.OpShl:
		if _, ok := expr.ConstShift(t); ok {
			if iv := p.arithmetic(t); fits(iv, t.Width) {
				return iv
			}
		}
	case expr.OpSExt:
		return p.interval(t.Args[0])
	case expr.OpZExt:
		if iv := p.interval(t.Args[0]); iv.lo.Sign() >= 0 {
			return iv
		}
		return interval{big.NewInt(0), unsignedRange(t.Args[0].Width).hi}
	case expr.OpTrunc:
		if iv := p.interval(t.Args[0]); fits(iv, t.Width) {
			return iv
		}
	case expr.OpUDiv, expr.OpSDiv:
		return p.quotient(t)
	case expr.OpURem, expr.OpSRem:
		return p.remainder(t)
	case expr.OpAnd:
		a, b := p.interval(t.Args[0]), p.interval(t.Args[1])
		switch {
		case a.lo.Sign() >= 0 && b.lo.Sign() >= 0:
			return interval{big.NewInt(0), minBig(a.hi, b.hi)}
		case a.lo.Sign() >= 0:
			return interval{big.NewInt(0), a.hi}
		case b.lo.Sign() >= 0:
			return interval{big.NewInt(0), b.hi}
		}
	case expr.OpLShr:
		if a := p.interval(t.Args[0]); a.lo.Sign() >= 0 {
			return interval{big.NewInt(0), a.hi}
		}
	case expr.OpIte:
		a, b := p.interval(t.Args[1]), p.interval(t.Args[2])
		return union(a, b)
	}
	return full
}

// quotient returns the range of a division's signed reading: of
// non-negative operands, or of a signed dividend by a positive divisor,
// which rounds toward zero and so keeps the dividend's order. Dividing
// by zero gives every bit set, which a divisor's positive range leaves
// out.
func (p *boundsProof) quotient(t *expr.Term) interval {
	a, b := p.interval(t.Args[0]), p.interval(t.Args[1])
	switch {
	case b.lo.Sign() <= 0:
	case a.lo.Sign() >= 0:
		return interval{new(big.Int).Quo(a.lo, b.hi), new(big.Int).Quo(a.hi, b.lo)}
	case t.Op == expr.OpSDiv && b.lo.Cmp(b.hi) == 0:
		return interval{new(big.Int).Quo(a.lo, b.lo), new(big.Int).Quo(a.hi, b.lo)}
	}
	return signedRange(t.Width)
}

// remainder returns the range of a remainder's signed reading: below
// the divisor and of the dividend's sign, for a positive divisor.
func (p *boundsProof) remainder(t *expr.Term) interval {
	a, b := p.interval(t.Args[0]), p.interval(t.Args[1])
	if b.lo.Sign() <= 0 {
		return signedRange(t.Width)
	}
	below := sub(b.hi, big.NewInt(1))
	switch {
	case a.lo.Sign() >= 0:
		return interval{big.NewInt(0), minBig(a.hi, below)}
	case t.Op == expr.OpSRem && a.hi.Sign() <= 0:
		return interval{maxBig(a.lo, new(big.Int).Neg(below)), big.NewInt(0)}
	case t.Op == expr.OpSRem:
		return interval{new(big.Int).Neg(below), below}
	}
	return signedRange(t.Width)
}

// poly returns t as a polynomial over atoms whose value is t's signed
// reading, and false if an addition, subtraction, product or shift in
// it may wrap (or an extension or truncation may change its value).
func (p *boundsProof) poly(t *expr.Term) (expr.Polynomial, bool) {
	if t.IsBool() || !p.wrapFree(t) {
		return expr.Polynomial{}, false
	}
	return p.atoms.PolyWith(t, p.operand)
}

// wrapFree reports whether no addition, subtraction, product or shift
// by a constant (expr.ConstShift) among t's arithmetic, down to its
// other operations, which the polynomial reads as atoms, may wrap.
func (p *boundsProof) wrapFree(t *expr.Term) bool {
	switch t.Op {
	case expr.OpAdd, expr.OpSub, expr.OpMul:
		return p.exact(t) && p.wrapFree(t.Args[0]) && p.wrapFree(t.Args[1])
	}
	if _, ok := expr.ConstShift(t); ok {
		return p.exact(t) && p.wrapFree(t.Args[0])
	}
	return true // an atom of the polynomial
}

// operand reads an operation of a polynomial that is no arithmetic: an
// extension or truncation that keeps its operand's value as that
// operand, anything else as an atom.
func (p *boundsProof) operand(t *expr.Term) (expr.Polynomial, bool) {
	switch t.Op {
	case expr.OpSExt:
		return p.poly(t.Args[0])
	case expr.OpZExt, expr.OpTrunc:
		if iv := p.interval(t.Args[0]); iv.lo.Sign() >= 0 && fits(iv, t.Width) {
			return p.poly(t.Args[0])
		}
		return expr.Polynomial{}, false
	}
	if t.IsBool() {
		return expr.Polynomial{}, false
	}
	return p.atoms.AtomPoly(t), true
}

// polyInterval returns the range of a polynomial's value.
func (p *boundsProof) polyInterval(poly expr.Polynomial) interval {
	total := interval{big.NewInt(0), big.NewInt(0)}
	for _, m := range poly.Monos {
		iv := interval{big.NewInt(m.Coef), big.NewInt(m.Coef)}
		for _, a := range m.Atoms {
			iv = product(iv, p.interval(p.atoms.AtomTerm(a)))
		}
		total = total.plus(iv)
	}
	return total
}

// fits reports whether an interval lies within a width's signed range.
func fits(iv interval, width int) bool {
	return iv.within(signedRange(width))
}

// floorDiv returns a/c rounded down, for c > 0.
func floorDiv(a, c *big.Int) *big.Int {
	q, _ := new(big.Int).DivMod(a, c, new(big.Int))
	return q
}

// ceilDiv returns a/c rounded up, for c > 0.
func ceilDiv(a, c *big.Int) *big.Int {
	q, m := new(big.Int).DivMod(a, c, new(big.Int))
	if m.Sign() != 0 {
		q.Add(q, big.NewInt(1))
	}
	return q
}

// variableRanges returns the ranges of the signed readings of the
// variables that facts bound, as the bounds proof reads them: through
// sums with values the facts fix, so that a loop's guard
// (kps - 1) + k <= kpe - 1 with kps and kpe fixed bounds k. The integer
// encoding declares its variables within them, where a product of an
// unbounded counter needed wrap variables: hecbench-dev's wsm5, whose
// kernel indexes twelve arrays by a column's k in [0, 2] and asked Z3
// about 2^31 of them, went from 19 s to 10.
func variableRanges(facts []*expr.Term) map[string]interval {
	p := newBoundsProof(facts)
	ranges := map[string]interval{}
	for t, iv := range p.known {
		if t.Op == expr.OpVar && !t.IsBool() {
			ranges[t.Name] = iv
		}
	}
	return ranges
}
