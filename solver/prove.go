// This file defines proving that facts imply a goal, the question a
// query's lemmas ask before they are stated.

package solver

import (
	"slices"

	"hgrd/expr"
)

// Prove reports whether facts imply goal: whether the facts and the
// goal's negation are unsatisfiable within the Solver's budget, in one
// attempt. It is decided in the integer encoding where the terms have
// one, else with bit-vectors, in either case in a context of its own and
// so the same way whatever the Solver was asked before. The goals asked are linear, or products bounded by linear
// facts (a column below a row length, which a launch's grid bounds
// through a host division by a constant), which the integers decide in
// a few thousand units where bit-blasting a 32-bit division does not.
// False means refuted or undecided.
func (s *Solver) Prove(facts []*expr.Term, goal *expr.Term) (bool, error) {
	res, err := s.Attempt(facts, goal)
	return err == nil && res.Status == Unsat, err
}

// Attempt is Prove's attempt with its answer: unsat if the facts imply
// the goal, sat with a model of the facts where the goal is false, or
// unknown. A goal that the bounds of the facts prove (boundsproof.go),
// such as an index that cannot wrap within a launch's threads, is unsat
// without Z3.
func (s *Solver) Attempt(facts []*expr.Term, goal *expr.Term) (*Result, error) {
	if provenByBounds(facts, goal) {
		r := &Result{Status: Unsat}
		traceReuse("the bounds of its facts prove the goal", r)
		return r, nil
	}
	prev := s.only
	s.only = provingEncoding
	defer func() { s.only = prev }()
	return s.check(&Query{Assertions: append(slices.Clip(facts), expr.Not(goal))}, []uint64{s.budget})
}
