// This file completes a query's trials into a case split: when its
// trials fix one host value that can take few values, a trial for each
// of them decides the query.

package solver

import (
	"fmt"
	"slices"

	"github.com/aclements/go-z3/z3"

	"hgrd/expr"
)

// exhaustTrials reports whether q is unsat by cases, once each of its
// trials, all of which fix one root variable, was unsat (done are those
// trials). It enumerates the values that the
// query's launch-wide assertions allow the root beyond those tried (a
// block size of 32 << k, k a host loop's counter of six iterations), and
// asks a trial at each new value: when the enumeration ends with every
// trial unsat, the trials cover every value of the root, and q is unsat.
// Any other outcome (a trial not unsat, more than maxTrials values, an
// attempt out of its rlimit) leaves the query to its other attempts.
// Each attempt gets limit; the launch-wide assertions are a subset of
// q's, so the values they allow include every value q allows.
//
// hecbench-dev's softmax-online launches its kernels in a host loop over
// block sizes 32, 64, ..., 1024: its trials at k = 1, 2 and 3 were unsat
// in 0.05 s each, and the query itself undecided after 4 s.
func (s *Solver) exhaustTrials(q *Query, done []*trial, limit uint64, tr *trace) bool {
	m, roots := newTrialMaker(q)
	if len(roots) != 1 {
		return false
	}
	root := roots[0]
	var values []uint64
	for _, t := range done {
		v, ok := t.fixed[root.Name]
		if !ok {
			return false
		}
		values = append(values, v)
	}
	others, ok := s.otherValues(q, root, values, limit, tr)
	if !ok {
		return false
	}
	for _, v := range others {
		if !s.refutes(m.at([]*expr.Term{root}, v), limit, tr) {
			return false
		}
	}
	return true
}

// otherValues returns the values other than tried that q's launch-wide
// assertions allow root, each found within limit; ok is false if they
// could not all be found or are more than maxTrials with tried. They
// are all found before any trial is asked: a block size that takes every
// value up to 1024 was asked a trial at each of its first twelve values
// (hecbench-dev's lut-gemm, 1.5 s a query) before its thirteenth showed
// that the values would not be exhausted.
func (s *Solver) otherValues(q *Query, root *expr.Term, tried []uint64, limit uint64, tr *trace) (others []uint64, ok bool) {
	key := s.enumerations.key(launchWide(q), root, tried, limit)
	if e, done := s.enumerations.outcomes[key]; done {
		tr.note("values of " + root.Name + " as enumerated before")
		return e.others, e.ok
	}
	others, ok = s.enumerate(q, root, tried, limit, tr)
	s.enumerations.remember(key, others, ok)
	return others, ok
}

// enumerate finds the values for otherValues.
func (s *Solver) enumerate(q *Query, root *expr.Term, tried []uint64, limit uint64, tr *trace) (others []uint64, ok bool) {
	excluded := launchWide(q)
	exclude := func(v uint64) { excluded = append(excluded, expr.Ne(root, expr.Const(v, root.Width))) }
	for _, v := range tried {
		exclude(v)
	}
	for len(tried)+len(others) <= maxTrials {
		sub := &Query{Assertions: slices.Clip(excluded), Observe: []*expr.Term{root}}
		terms := collect(sub)
		enc := s.hostEncoding(sub, terms)
		start := tr.start()
		res, units := s.attempt(enc, limit, func(zm *z3.Model) *Result { return extract(enc, zm, sub, terms, s.retain) })
		st := step{name: "another value of " + root.Name, limit: limit}
		tr.step(st, res, start, units)
		if s.observe != nil {
			s.observe(st, res)
		}
		switch {
		case res.Status == Unsat:
			return others, true
		case res.Status != Sat || len(res.Values) != 1:
			return nil, false
		}
		others = append(others, res.Values[0])
		exclude(res.Values[0])
	}
	return nil, false
}

// refutes reports whether a trial is unsat in its encoding within
// limit.
func (s *Solver) refutes(t *trial, limit uint64, tr *trace) bool {
	if t.refuted() {
		tr.note("trial " + t.String() + ": unsat by the bounds of its assertions")
		return true
	}
	start := tr.start()
	res, _ := s.attempt(s.trialEncoding(t), limit, nil)
	st := step{name: "trial " + t.String(), limit: limit, kind: trialAttempt, trial: t}
	tr.step(st, res, start, 0)
	if s.observe != nil {
		s.observe(st, res)
	}
	return res.Status == Unsat
}

// hostEncoding returns the encoding of a question about host values:
// the integers, in which the host's divisions (a grid of (n + 255) / 256
// blocks) cost little, where the bit-vectors spent a trial's rlimit
// bit-blasting 64-bit divisions; the bit-vectors if the integers cannot
// express it.
func (s *Solver) hostEncoding(q *Query, qt queryTerms) *encoding {
	if enc, err := s.integers(q, qt); err == nil {
		return enc
	}
	return s.bitVectors(q)
}

// launchWide returns the assertions of q whose variables are all
// launch-wide (expr.Shared): the host's facts and the launch's shape,
// without any thread's.
func launchWide(q *Query) []*expr.Term {
	var out []*expr.Term
	for _, a := range q.Assertions {
		if !slices.ContainsFunc(expr.Vars(a), func(v *expr.Term) bool { return v.Scope != expr.Shared }) {
			out = append(out, a)
		}
	}
	return out
}

// A trialRun follows the trials of a plan as they are decided.
type trialRun struct {
	planned int      // the plan's trials
	hard    int      // trials that ran out of their rlimit
	refuted []*trial // trials that were unsat
}

// skips reports whether a step is a trial to skip: maxHardTrials of
// the plan's trials ran out of their rlimit, or a first look refuted it.
func (r *trialRun) skips(st step) bool {
	return st.trial != nil && (r.hard == maxHardTrials || slices.Contains(r.refuted, st.trial))
}

// record records a step's outcome and reports whether every trial of
// the plan is now unsat: the trials may then be completed into a case
// split (exhaustTrials).
func (r *trialRun) record(st step, res *Result) bool {
	switch {
	case st.trial == nil:
		return false
	case res.Status == Unknown && res.Reason == "":
		if !st.firstLook {
			r.hard++
		}
	case res.Status == Unsat:
		r.refuted = append(r.refuted, st.trial)
	}
	return len(r.refuted) == r.planned
}

// trialCount returns the number of distinct trials of a plan.
func trialCount(steps []step) int {
	seen := map[*trial]bool{}
	for _, st := range steps {
		if st.trial != nil {
			seen[st.trial] = true
		}
	}
	return len(seen)
}

// enumerations remembers what otherValues found, by question: every
// query of a launch asks it of the same launch-wide assertions (on
// hecbench-dev's metropolis and scan, each of dozens of queries
// enumerated the same seven values of a block count before giving up).
type enumerations struct {
	terms    expr.Interner
	outcomes map[enumerationKey]enumeration
}

// An enumerationKey names an otherValues question: its launch-wide
// assertions (interned), its root, the values tried and the limit.
type enumerationKey struct {
	assertions *expr.Term
	root       string
	tried      string
	limit      uint64
}

// An enumeration is an outcome of otherValues.
type enumeration struct {
	others []uint64
	ok     bool
}

// key returns the key of an otherValues question.
func (e *enumerations) key(assertions []*expr.Term, root *expr.Term, tried []uint64, limit uint64) enumerationKey {
	return enumerationKey{e.terms.Intern(expr.AllOf(assertions...)), root.Name, fmt.Sprint(tried), limit}
}

// remember records an otherValues outcome.
func (e *enumerations) remember(key enumerationKey, others []uint64, ok bool) {
	if e.outcomes == nil {
		e.outcomes = map[enumerationKey]enumeration{}
	}
	e.outcomes[key] = enumeration{others, ok}
}
