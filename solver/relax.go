// This file defines a query's relaxation: the query with its costly
// conditions, and the facts its observed terms do not depend on,
// weakened to true, whose unsat proves the query's.

package solver

import (
	"slices"

	"hgrd/expr"
)

// relaxed returns a query implied by q: every assertion weakened by
// dropping, where they occur positively, the atoms that are costly to
// decide (see costlyTerms), or nil if nothing is dropped. If the
// relaxation is unsat, so is q; a model of it proves nothing.
//
// A race query holds both threads' path conditions. A thread's path
// through a hash-table probe (hecbench-dev's logic-rewrite: a 64-bit
// hash of values read from memory guards every store after it) makes
// each query of its stores a search over the hash, where the addresses
// alone (idx1 == idx2 with idx = blockIdx.x * blockDim.x + threadIdx.x)
// are decided at once: such a query took 2 to 14 s of attempts on the
// whole query, 0.1 to 0.3 s with its relaxation.
//
// Facts about no thread in particular (the host code's, the launch's)
// are kept only when they are small comparisons (expr.Simple): a host
// function's path to the launch, a disjunction of its branches with
// divisions and products of sizes, made the relaxation of such a
// store's query need 200k units of the integers where, without it,
// 34 ms were enough. Products stay: the launch's limit nctaid.x *
// ntid.x <= 2^31-1 is what keeps a thread's index from wrapping, and a
// relaxation without it was sat.
//
// Facts about a thread's values that the observed terms (a race query's
// offsets) do not depend on are dropped too (see focus): the exit
// conditions of a loop that runs before the accesses, over its own
// iteration count, make a query non-linear that is linear without them
// (hecbench-dev's softmax-online: a row's stores after a reduction loop,
// undecided after 18 s of attempts, where the same stores alone are
// decided in 0.1 s).
func relaxed(q *Query) *Query {
	w := weakener{costly: costlyTerms(q, focus(q)), memo: map[*expr.Term]*expr.Term{}}
	out := &Query{}
	dropped := false
	for _, c := range dischargedConjuncts(q) {
		r := w.weaken(c)
		if !r.IsTrue() && !aboutThreads(r) && !expr.Simple(r) {
			r = expr.True()
		}
		dropped = dropped || r != c
		if !r.IsTrue() {
			out.Assertions = append(out.Assertions, r)
		}
	}
	if !dropped {
		return nil
	}
	return out
}

// dischargedConjuncts returns the conjuncts of q's assertions, with each
// implication whose premise's conjuncts are all among them replaced by
// its conclusion's conjuncts, which q implies as well. A definedness
// fact is guarded by its block's path condition, which the path to the
// access asserts: the fact that a loop's counter does not wrap is
// guarded by the exits of the loops before it, over their own counters,
// and kept that way it would be dropped with them (focus).
func dischargedConjuncts(q *Query) []*expr.Term {
	var asserted expr.Interner
	held := map[*expr.Term]bool{}
	var all []*expr.Term
	for _, a := range q.Assertions {
		for _, c := range expr.Conjuncts(a) {
			held[asserted.Intern(c)] = true
			all = append(all, c)
		}
	}
	var out []*expr.Term
	var add func(c *expr.Term)
	add = func(c *expr.Term) {
		if c.Op != expr.OpImplies || !allHeld(&asserted, held, expr.Conjuncts(c.Args[0])) {
			out = append(out, c)
			return
		}
		for _, d := range expr.Conjuncts(c.Args[1]) {
			add(d)
		}
	}
	for _, c := range all {
		add(c)
	}
	return out
}

// allHeld reports whether every term is, up to equality, one that held
// marks.
func allHeld(in *expr.Interner, held map[*expr.Term]bool, terms []*expr.Term) bool {
	for _, t := range terms {
		if !held[in.Intern(t)] {
			return false
		}
	}
	return true
}

// focus returns a test of whether a variable is one of the values q
// observes: a thread or block index, a variable of an observed term, or
// a variable of no thread in particular. Every variable is, in a query
// that observes nothing. A fact over a thread's other values (a loop's
// iteration count that no observed term depends on) says something of
// the observed terms only through the indices they share, which a
// race's overlap seldom needs; the relaxation drops it (see costlyTerms).
func focus(q *Query) func(v *expr.Term) bool {
	if len(q.Observe) == 0 {
		return func(*expr.Term) bool { return true }
	}
	observed := map[string]bool{}
	for _, o := range q.Observe {
		for _, v := range expr.Vars(o) {
			observed[v.Name] = true
		}
	}
	return func(v *expr.Term) bool {
		index := v.Role.Kind == expr.ThreadIndex || v.Role.Kind == expr.BlockIndex
		return v.Scope == expr.Shared || index || observed[v.Name]
	}
}

// aboutThreads reports whether t has a variable of one side's thread.
func aboutThreads(t *expr.Term) bool {
	for _, v := range expr.Vars(t) {
		if v.Scope != expr.Shared {
			return true
		}
	}
	return false
}

// A weakener weakens booleans by the costly terms of a query.
type weakener struct {
	costly map[*expr.Term]bool
	memo   map[*expr.Term]*expr.Term
}

// weaken returns a boolean implied by t: t with each costly atom in a
// positive position (under conjunctions, disjunctions and the
// conclusion of an implication) replaced by true. An atom under a
// negation or in a premise is kept or dropped whole with the term it is
// part of: weakening there would strengthen.
func (w *weakener) weaken(t *expr.Term) *expr.Term {
	if r, ok := w.memo[t]; ok {
		return r
	}
	r := t
	switch {
	case t.Op == expr.OpAnd && t.IsBool():
		r = expr.AllOf(w.weakenAll(t.Args)...)
	case t.Op == expr.OpOr && t.IsBool():
		// Paths that differ in costly conditions only weaken to the
		// same disjunct: one is enough. The disjunctions that
		// weakening exposes stay nested (expr.AnyOfShallow).
		r = expr.AnyOfShallow(distinct(w.weakenAll(t.Args))...)
	case t.Op == expr.OpImplies:
		premise := t.Args[0]
		if w.costly[premise] {
			premise = expr.False() // "not premise" weakened to true
		}
		r = expr.Implies(premise, w.weaken(t.Args[1]))
	case w.costly[t]:
		r = expr.True()
	}
	if sameTerm(r, t) {
		r = t
	}
	w.memo[t] = r
	return r
}

// weakenAll weakens each of terms.
func (w *weakener) weakenAll(terms []*expr.Term) []*expr.Term {
	out := make([]*expr.Term, len(terms))
	for i, a := range terms {
		out[i] = w.weaken(a)
	}
	return out
}

// distinct returns terms without repeats (the same *expr.Term).
func distinct(terms []*expr.Term) []*expr.Term {
	out := terms[:0]
	for _, t := range terms {
		if !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

// sameTerm reports whether r, rebuilt from t's weakened operands, has
// t's operator and the very same operands: nothing was dropped.
func sameTerm(r, t *expr.Term) bool {
	if r == t {
		return true
	}
	if r.Op != t.Op || len(r.Args) != len(t.Args) {
		return false
	}
	for i := range r.Args {
		if r.Args[i] != t.Args[i] {
			return false
		}
	}
	return true
}

// costlyTerms returns the sub-terms of q's assertions that read memory
// contents (an uninterpreted function's application), compute with bits
// (the bit-wise operations the integer encoding decomposes, see
// bitDecompositions) or are variables out of focus (see focus), and
// every term that has one of them.
func costlyTerms(q *Query, inFocus func(v *expr.Term) bool) map[*expr.Term]bool {
	costly := map[*expr.Term]bool{}
	seen := map[*expr.Term]bool{}
	var visit func(t *expr.Term) bool
	visit = func(t *expr.Term) bool {
		if seen[t] {
			return costly[t]
		}
		seen[t] = true
		c := t.Op == expr.OpApply || bitTrick(t) || t.Op == expr.OpVar && !inFocus(t)
		for _, a := range t.Args {
			c = visit(a) || c
		}
		costly[t] = c
		return c
	}
	for _, a := range q.Assertions {
		visit(a)
	}
	return costly
}

// bitTrick reports whether t is a bit-wise operation on bit-vectors
// that the integer encoding decomposes into bits.
func bitTrick(t *expr.Term) bool {
	switch {
	case t.IsBool():
		return false
	case t.Op == expr.OpOr, t.Op == expr.OpXor:
		return true
	case t.Op == expr.OpAnd:
		return !lowBitsMask(t)
	}
	return false
}
