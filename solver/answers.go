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
// observed terms, how many of them are assertions, and the rlimits of
// its attempts.
type questionKey struct {
	digest     expr.Shape
	assertions int
	limits     string
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
	if r, ok := s.answers[key]; ok {
		traceReuse("as an earlier query of its shape", r)
		return &Result{Status: r.Status, Reason: r.Reason}, nil
	}
	res, err := decide()
	if err == nil && (res.Status == Unsat || res.Status == Unknown) {
		if s.answers == nil {
			s.answers = map[questionKey]*Result{}
		}
		s.answers[key] = &Result{Status: res.Status, Reason: res.Reason}
	}
	return res, err
}
