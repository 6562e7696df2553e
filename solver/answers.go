// This file defines the answers a Solver remembers: questions asked
// again under other names are answered once.

package solver

import (
	"fmt"

	"hgrd/expr"
)

// A questionKey identifies a question up to what a digest of its terms
// leaves out: the digest (expr.ShapeOf, names left out, for answers;
// expr.SkeletonOf, constants too, for hints) of its assertions and
// observed terms, how many of them are assertions, the rlimits of its
// attempts, and the spending cap they ran under (see SetSpendCap).
type questionKey struct {
	digest     expr.Shape
	assertions int
	limits     string
	spendCap   uint64
}

// questionKeyOf returns the key of q, decided within limits, under a
// digest.
func questionKeyOf(q *Query, limits []uint64, digest func(...*expr.Term) expr.Shape) questionKey {
	return questionKey{
		digest:     digest(append(append([]*expr.Term(nil), q.Assertions...), q.Observe...)...),
		assertions: len(q.Assertions),
		limits:     fmt.Sprint(limits),
	}
}

// remembered returns the answer the Solver gave to a question of the
// same key, if it was unsat or unknown, and records the key's answer
// once decide gives it. The instantiations of a template kernel ask the
// same questions under other names (hecbench-dev's ssm: eight
// instantiations of 100 pairs each); a lane (package analysis) asks them
// of one Solver, in a fixed order, so an answer reused is the one that
// Solver gave and every run reuses the same. An unsat answer holds under
// any names; an unknown one is the budget's, spent on the same
// question. A race's model names the variables and is not reused.
func (s *Solver) remembered(q *Query, limits []uint64, decide func() (*Result, error)) (*Result, error) {
	key := questionKeyOf(q, limits, expr.ShapeOf)
	key.spendCap = s.spendCap // an unknown answer under a cap is the cap's
	if r, ok := s.answers[key]; ok {
		traceReuse("as an earlier query of its shape", r)
		return &Result{Status: r.Status, Reason: r.Reason}, nil
	}
	assertions := interned(&s.terms, q.Assertions)
	if assertions != nil && s.refuted.includesOne(assertions) {
		r := &Result{Status: Unsat}
		traceReuse("an earlier unsat query's assertions are among its own", r)
		return r, nil
	}
	res, err := decide()
	if err == nil && (res.Status == Unsat || res.Status == Unknown) {
		if s.answers == nil {
			s.answers = map[questionKey]*Result{}
		}
		s.answers[key] = &Result{Status: res.Status, Reason: res.Reason}
	}
	if err == nil && res.Status == Unsat && assertions != nil {
		s.refuted.add(assertions)
	}
	return res, err
}

// refutations holds the assertions of a Solver's latest unsat queries,
// interned: a query that asserts all of one's and more is unsat too. A
// race refuted within its allocations is refuted again for the pair of
// the same accesses with one more bound, that of the access before it
// (box_offsets_ok's write-read and write-write pairs: 0.2 s each).
type refutations struct {
	sets []map[*expr.Term]bool // oldest first, at most keptRefutations
}

// keptRefutations bounds the unsat queries a Solver keeps for
// includesOne.
const keptRefutations = 64

// interned returns the set of the assertions interned by terms, or nil
// if a term is malformed (a nil operand), which decide then reports.
func interned(terms *expr.Interner, assertions []*expr.Term) (set map[*expr.Term]bool) {
	defer func() {
		if recover() != nil {
			set = nil
		}
	}()
	set = make(map[*expr.Term]bool, len(assertions))
	for _, a := range assertions {
		set[terms.Intern(a)] = true
	}
	return set
}

// includesOne reports whether a set of interned assertions includes
// every assertion of a kept unsat query.
func (r *refutations) includesOne(assertions map[*expr.Term]bool) bool {
	for _, set := range r.sets {
		if len(set) <= len(assertions) && subset(set, assertions) {
			return true
		}
	}
	return false
}

// add keeps the interned assertions of an unsat query.
func (r *refutations) add(assertions map[*expr.Term]bool) {
	if len(r.sets) == keptRefutations {
		r.sets = r.sets[1:]
	}
	r.sets = append(r.sets, assertions)
}

// subset reports whether every member of a is one of b.
func subset(a, b map[*expr.Term]bool) bool {
	for t := range a {
		if !b[t] {
			return false
		}
	}
	return true
}
