// This file completes a model of a query's relaxation into a model of
// the query: the relaxation's values fixed, the conditions it dropped
// left to decide.

package solver

import (
	"github.com/aclements/go-z3/z3"

	"hgrd/expr"
)

// modelReader returns how an attempt reads a model of its encoding into
// a Result of q, whose terms are qt: a trial's model is completed into
// one of q, and a relaxation's is read as a model of the relaxation,
// which proves nothing of q by itself (completeRelaxed).
func (s *Solver) modelReader(st step, q *Query, qt queryTerms) func(*z3.Model) *Result {
	switch {
	case st.relaxed != nil:
		return func(m *z3.Model) *Result {
			return extract(st.enc, m, st.relaxed, collect(st.relaxed), s.retain)
		}
	case st.trial != nil:
		return func(m *z3.Model) *Result {
			return st.trial.complete(extract(st.enc, m, st.trial.query, st.trial.terms, s.retain), qt)
		}
	}
	return func(m *z3.Model) *Result { return extract(st.enc, m, q, qt, s.retain) }
}

// completeRelaxed looks for a model of q, whose terms are qt, with the
// variables of a model of its relaxation (found by the attempt
// relaxation) fixed to their values there, within completionShare
// times the relaxation's rlimit; it returns the model, or nil if none is
// found. What the relaxation drops are conditions that do not bear on a
// race's offsets (a thread's path through a hash probe, the exit of a
// loop before the accesses, a host function's branches), whose terms are
// mostly memory reads and values of their own, so with the offsets'
// variables fixed they are usually met at once. On hecbench-dev's rsmt, each of 44 race
// queries had a model of its relaxation within 17k units, then spent
// about a second of bit-vector attempts finding one of the query itself
// (4.9M units for the first).
func (s *Solver) completeRelaxed(q *Query, qt queryTerms, relaxation step, model *Result, tr *trace) *Result {
	fixed := map[string]uint64{}
	for _, v := range qt.vars {
		if val, ok := model.Vars[v.Name]; ok && v.Width != expr.Bool {
			fixed[v.Name] = val
		}
	}
	t := fix(q, fixed)
	if t.refuted() {
		tr.note("the relaxation's model: unsat by the bounds of the query's assertions")
		return nil
	}
	st := step{
		enc: s.trialEncoding(t), limit: relaxation.limit * completionShare, satOnly: true, trial: t,
		kind: completionAttempt, name: "the relaxation's model, completed",
	}
	st.enc.reprinted = false // one attempt within its limit, unlike a trial's
	s.retain(st.enc)
	if res := s.run(st, q, qt, tr); res.Status == Sat {
		return res
	}
	return nil
}

// completionShare is the rlimit of completeRelaxed's attempt, in
// relaxation rlimits: rsmt's first completed model was found at 324k
// units in 0.2 s (8.3 of them at the default budget's), where the
// query's bit-vector attempts found one after 8.6M units and 1.5 s. The
// attempt is spent beyond the query's plan: a thirty-second of its
// budget at most.
//
// Where the model's values contradict what the relaxation dropped, a
// second attempt with only the offsets' variables fixed completed 9 more
// of rsmt's 40 race queries, but on race-free queries whose relaxation
// has a model it added two unsat attempts of up to 600k units each
// (0.25 s on warp_aggregate_racy's): it was left out.
const completionShare = 16
