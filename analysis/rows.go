// This file adds to a query the facts of reading its accesses' indices
// as rows and columns of a row-major array (constraints.RowSplit), once
// the solver has proven the reading's premises.

package analysis

import (
	"hgrd/constraints"
	"hgrd/expr"
	"hgrd/solver"
)

// premiseBudget is the rlimit of the question whether a row-major
// reading's premises hold. They are linear where the query is not (a
// column below a row length, a launch's blocks within a loop bound), and
// so decided in a few thousand units when they hold at all.
const premiseBudget = solver.DefaultBudget / 128

// maxRowDepth bounds how many times a row is itself read as row-major
// (a plane of rows is read twice).
const maxRowDepth = 3

// withRows returns q with the facts of the row-major readings of its
// indices whose premises s proves from what is known of each side: the premises,
// equal rows and equal columns, and again for the rows. Equal indices
// imply them, so the query's answers are unchanged; but the solver,
// which cannot decide row*cols + col = row'*cols + col' within any budget
// when cols is unknown, decides equal rows and columns at once.
// (hecbench-dev's nw: queries undecided after 20M units each.)
func withRows(s *solver.Solver, q *constraints.Query) *constraints.Query {
	i1, i2, ok := q.IndexEquation()
	if !ok || len(constraints.RowSplits(i1, i2)) == 0 {
		return q
	}
	facts, ok := exactIndices(s, q)
	if !ok {
		return q
	}
	split := false
	pending := [][2]*expr.Term{{i1, i2}}
	for depth := 0; depth < maxRowDepth && len(pending) > 0; depth++ {
		a, b := pending[0][0], pending[0][1]
		pending = pending[1:]
		for _, sp := range constraints.RowSplits(a, b) {
			if proves(s, q.SideFacts(0), sp.Premises[0]) && proves(s, q.SideFacts(1), sp.Premises[1]) {
				facts = append(append(facts, sp.Premises[0]...), sp.Premises[1]...)
				facts = append(facts, sp.Equal()...)
				pending = append(pending, sp.Rows)
				split = true
				break
			}
		}
	}
	if !split {
		return q
	}
	return q.WithRows(facts)
}

// exactIndices returns the premises under which both of q's indices
// are the exact integers of their arithmetic, once s has proven them;
// false if it has not.
func exactIndices(s *solver.Solver, q *constraints.Query) ([]*expr.Term, bool) {
	var facts []*expr.Term
	for side := range 2 {
		exact, ok := q.ExactIndex(side)
		if !ok || !proves(s, q.SideFacts(side), exact) {
			return nil, false
		}
		facts = append(facts, exact...)
	}
	return facts, true
}

// proves reports whether s proves each of goals from hyps within
// premiseBudget: from their linear facts first, then from all their
// simple ones. Facts that multiply or divide unknowns (the bounds of an
// allocation of rows*cols elements) are needed only for some goals, and
// left the solver unable to prove 0 <= 1 + 16*blockIdx.x + threadIdx.x
// within the whole budget; one goal that needs them (a column below
// its row length, which a guard with a division states) left it unable
// to prove another with them.
func proves(s *solver.Solver, hyps, goals []*expr.Term) bool {
	defer s.SetBudget(s.Budget())
	s.SetBudget(premiseBudget)
	for _, goal := range goals {
		if !provesOne(s, hyps, goal) {
			return false
		}
	}
	return true
}

// provesOne reports whether s proves goal from hyps.
func provesOne(s *solver.Solver, hyps []*expr.Term, goal *expr.Term) bool {
	goals := []*expr.Term{goal}
	for _, keep := range []func(*expr.Term) bool{linear, simple} {
		if ok, err := s.Prove(relevant(hyps, goals, keep), goal); ok && err == nil {
			return true
		}
	}
	return false
}

// relevant returns the conjuncts of facts that keep accepts and that bear
// on goals: those that share a variable with the goals or, transitively,
// with a conjunct already kept. A premise about one thread's column needs the launch's
// dimensions and the host values they come from, not the thousand terms
// of its access's path condition, which left the solver unable to prove
// 0 <= 16*blockIdx.x + threadIdx.x within its budget.
func relevant(facts, goals []*expr.Term, keep func(*expr.Term) bool) []*expr.Term {
	conjuncts := detached(facts)
	vars := map[string]bool{}
	for _, g := range goals {
		for _, v := range expr.Vars(g) {
			vars[v.Name] = true
		}
	}
	kept := make([]bool, len(conjuncts))
	for i, c := range conjuncts {
		kept[i] = !keep(c) // never kept: marked as if already
	}
	for grew := true; grew; {
		grew = false
		for i, c := range conjuncts {
			if kept[i] || !mentionsAny(c, vars) {
				continue
			}
			kept[i], grew = true, true
			for _, v := range expr.Vars(c) {
				vars[v.Name] = true
			}
		}
	}
	var out []*expr.Term
	for i, c := range conjuncts {
		if kept[i] && keep(c) {
			out = append(out, c)
		}
	}
	return out
}

// detached returns the conjuncts of facts, and the conclusions of those
// that are implications whose premises are among them: the IR's
// promises about an access in a loop (a product that does not wrap)
// hold under the exits of the loops before it, which are conjuncts of
// its condition too.
func detached(facts []*expr.Term) []*expr.Term {
	var conjuncts []*expr.Term
	for _, f := range facts {
		conjuncts = appendConjuncts(conjuncts, f)
	}
	var terms expr.Interner
	known := map[*expr.Term]bool{}
	for _, c := range conjuncts {
		known[terms.Intern(c)] = true
	}
	holds := func(t *expr.Term) bool {
		for _, c := range appendConjuncts(nil, t) {
			if !known[terms.Intern(c)] {
				return false
			}
		}
		return true
	}
	for i := 0; i < len(conjuncts); i++ {
		if c := conjuncts[i]; c.Op == expr.OpImplies && holds(c.Args[0]) {
			for _, d := range appendConjuncts(nil, c.Args[1]) {
				if r := terms.Intern(d); !known[r] {
					known[r] = true
					conjuncts = append(conjuncts, d)
				}
			}
		}
	}
	return conjuncts
}

// appendConjuncts appends the conjuncts of a boolean term.
func appendConjuncts(out []*expr.Term, t *expr.Term) []*expr.Term {
	if t.Op == expr.OpAnd && t.IsBool() {
		for _, a := range t.Args {
			out = appendConjuncts(out, a)
		}
		return out
	}
	return append(out, t)
}

// mentionsAny reports whether t has a variable named in vars.
func mentionsAny(t *expr.Term, vars map[string]bool) bool {
	for _, v := range expr.Vars(t) {
		if vars[v.Name] {
			return true
		}
	}
	return false
}

// maxSimpleTerms bounds the size of a simple fact.
const maxSimpleTerms = 256

// simple reports whether a fact is a small comparison, the kind a
// premise follows from: no disjunction or implication (a path
// condition's), at most maxSimpleTerms distinct sub-terms.
func simple(t *expr.Term) bool {
	n := 0
	expr.Inspect(t, func(u *expr.Term) bool {
		n++
		if u.Op == expr.OpOr || u.Op == expr.OpImplies || u.Op == expr.OpIte {
			n = maxSimpleTerms + 1
		}
		return n <= maxSimpleTerms
	})
	return n <= maxSimpleTerms
}

// linear reports whether a fact is simple and multiplies, divides or
// shifts by constants only.
func linear(t *expr.Term) bool {
	if !simple(t) {
		return false
	}
	ok := true
	expr.Inspect(t, func(u *expr.Term) bool {
		switch u.Op {
		case expr.OpMul, expr.OpUDiv, expr.OpSDiv, expr.OpURem, expr.OpSRem, expr.OpShl, expr.OpLShr, expr.OpAShr:
			ok = ok && (u.Args[0].IsConst() || u.Args[1].IsConst())
		}
		return ok
	})
	return ok
}
