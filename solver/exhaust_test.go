package solver

import (
	"slices"
	"strings"
	"testing"

	"hgrd/expr"
)

// scaledThreads asks whether two different threads below 16 give the
// same t*(k+1), with k a host value that bound, if set, keeps at most 5:
// unsat for every k, but a product of unknowns.
func scaledThreads(bound bool) *Query {
	k := v32("k")
	t1, t2 := threadVar("tid.x#1"), threadVar("tid.x#2")
	scale := expr.Add(k, c32(1))
	q := &Query{Assertions: []*expr.Term{
		expr.ULt(t1, c32(16)), expr.ULt(t2, c32(16)), expr.Ne(t1, t2),
		expr.Eq(expr.Mul(t1, scale), expr.Mul(t2, scale)),
	}}
	if bound {
		q.Assertions = append(q.Assertions, expr.ULe(k, c32(5)))
	}
	return q
}

// TestExhaustTrials checks that trials that were all unsat complete into
// a case split when the host's facts leave their root few values (k in
// 0..5: the trials at 1, 2, 3, -1 and 0, then 4 and 5), and do not when
// they leave it many.
//
// The values are all found before a trial is asked: none is asked when
// they are too many.
func TestExhaustTrials(t *testing.T) {
	s := New(0)
	defer s.Close()
	asked := 0
	s.observe = func(st step, _ *Result) {
		if st.trial != nil {
			asked++
		}
	}
	for _, bound := range []bool{true, false} {
		asked = 0
		q := scaledThreads(bound)
		ts := trials(q)
		if len(ts) == 0 {
			t.Fatalf("bound %v: no trials", bound)
		}
		got := s.exhaustTrials(q, ts, DefaultBudget/trialShare, nil)
		if got != bound {
			t.Errorf("bound %v: exhausted %v, want %v", bound, got, bound)
		}
		if want := map[bool]int{true: 2, false: 0}[bound]; asked != want {
			t.Errorf("bound %v: %d trials asked, want %d", bound, asked, want)
		}
	}
}

// TestEnumerationsRemembered checks that a Solver enumerates the values
// of a root once for queries that share their launch-wide assertions:
// the second query gets the first's values without an attempt.
func TestEnumerationsRemembered(t *testing.T) {
	s := New(0)
	defer s.Close()
	asked := 0
	s.observe = func(st step, _ *Result) {
		if strings.HasPrefix(st.name, "another value of ") {
			asked++
		}
	}
	q := scaledThreads(true)
	root := v32("k")
	tried := []uint64{1, 2, 3}
	first, ok := s.otherValues(q, root, tried, DefaultBudget/trialShare, nil)
	if !ok || len(first) != 3 {
		t.Fatalf("k in 0..5 less 1, 2, 3: values %v (ok %v), want 0, 4 and 5", first, ok)
	}
	once := asked
	again, ok := s.otherValues(scaledThreads(true), root, tried, DefaultBudget/trialShare, nil)
	if !ok || !slices.Equal(again, first) || asked != once {
		t.Errorf("asked again: values %v (ok %v) after %d more attempts, want %v after none", again, ok, asked-once, first)
	}
	if _, _ = s.otherValues(q, root, []uint64{1}, DefaultBudget/trialShare, nil); asked == once {
		t.Errorf("other values tried: no attempt, want a new enumeration")
	}
}

// TestTrialRunCountsAFirstLookOnce checks the bookkeeping of a plan whose
// first trial gets a first look: the plan has two trials, not three; a
// first look that refutes its trial skips the trial's later attempt; one
// that runs out of its limit neither refutes the trial nor makes it hard.
func TestTrialRunCountsAFirstLookOnce(t *testing.T) {
	one, two := &trial{}, &trial{}
	look := step{trial: one, firstLook: true, kind: trialAttempt}
	steps := []step{look, {kind: integerAttempt}, {trial: one, kind: trialAttempt}, {trial: two, kind: trialAttempt}}
	if n := trialCount(steps); n != 2 {
		t.Fatalf("trialCount = %d, want 2 distinct trials", n)
	}
	unknown, unsat := &Result{Status: Unknown}, &Result{Status: Unsat}

	ranOut := trialRun{planned: 2}
	ranOut.record(look, unknown)
	if ranOut.hard != 0 || ranOut.skips(steps[2]) {
		t.Errorf("a first look that ran out: hard %d, skips the trial's attempt %v; want 0 and false", ranOut.hard, ranOut.skips(steps[2]))
	}

	refuted := trialRun{planned: 2}
	if refuted.record(look, unsat) {
		t.Errorf("one of two trials refuted: the run reports every trial refuted")
	}
	if !refuted.skips(steps[2]) || refuted.skips(steps[3]) {
		t.Errorf("a first look refuted the first trial: skips its attempt %v, the second's %v; want true, false", refuted.skips(steps[2]), refuted.skips(steps[3]))
	}
	if !refuted.record(steps[3], unsat) {
		t.Errorf("both trials refuted: the run does not report it")
	}
}
