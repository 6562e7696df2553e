package solver

import (
	"testing"

	"hgrd/expr"
)

// TestHintedPlan checks that a hint moves to the front the first attempt
// of its kind whose rlimit is at least the hint's, or else the largest
// of its kind, and leaves the other attempts in their order.
func TestHintedPlan(t *testing.T) {
	plan := []step{
		{kind: bitVectorAttempt, limit: 100},
		{kind: smallValuesAttempt, limit: 50},
		{kind: bitVectorAttempt, limit: 400},
		{kind: integerAttempt, limit: 200},
		{kind: bitVectorAttempt, limit: 800},
	}
	tests := []struct {
		name string
		h    hint
		want []uint64 // the limits, in order
	}{
		{"first of its kind at least as large", hint{bitVectorAttempt, 300}, []uint64{400, 100, 50, 200, 800}},
		{"the largest when none is large enough", hint{integerAttempt, 1000}, []uint64{200, 100, 50, 400, 800}},
		{"already first", hint{bitVectorAttempt, 10}, []uint64{100, 50, 400, 200, 800}},
		{"no attempt of its kind", hint{relaxedAttempt, 10}, []uint64{100, 50, 400, 200, 800}},
	}
	for _, tt := range tests {
		got := hinted(plan, tt.h)
		var limits []uint64
		for _, st := range got {
			limits = append(limits, st.limit)
		}
		if len(limits) != len(tt.want) {
			t.Fatalf("%s: %v, want %v", tt.name, limits, tt.want)
		}
		for i := range limits {
			if limits[i] != tt.want[i] {
				t.Errorf("%s: %v, want %v", tt.name, limits, tt.want)
				break
			}
		}
	}
}

// scaled asks whether 2*size*x + 2*y, with y below size and x below
// 100, is the odd 22*size + 1: a question of one skeleton for every
// size, unsat by parity, which the bounds alone do not show
// (refutedByBounds).
func scaled(size uint64) *Query {
	x, y := v32("x"), v32("y")
	return &Query{Assertions: []*expr.Term{
		expr.Eq(expr.Add(expr.Mul(x, c32(2*size)), expr.Mul(y, c32(2))), c32(22*size+1)),
		expr.ULt(x, c32(100)), expr.ULt(y, c32(size)),
	}}
}

// TestHintsFollowTheSkeleton checks that the attempt that decided a
// question is remembered for its skeleton, so that a question that
// differs only in its constants starts with an attempt of that kind,
// and that the hinted question is still answered right.
func TestHintsFollowTheSkeleton(t *testing.T) {
	limits := attempts(DefaultBudget)
	if questionKeyOf(scaled(4), limits, expr.SkeletonOf) != questionKeyOf(scaled(8), limits, expr.SkeletonOf) {
		t.Fatal("questions that differ in their constants: other hint keys")
	}
	s := New(0)
	defer s.Close()
	var last step
	s.observe = func(st step, _ *Result) { last = st }
	if r := mustCheck(t, s, scaled(4)); r.Status != Unsat {
		t.Fatalf("size 4: %v, want unsat", r.Status)
	}
	h, ok := s.hints[questionKeyOf(scaled(4), limits, expr.SkeletonOf)]
	if !ok || h.kind != last.kind || h.limit != last.limit {
		t.Fatalf("hint %+v (%v), want the deciding attempt's %v at %d", h, ok, last.kind, last.limit)
	}
	// A hint of another kind than the plan's first attempt leads.
	key := questionKeyOf(scaled(8), limits, expr.SkeletonOf)
	s.hints[key] = hint{kind: smallValuesAttempt, limit: 1}
	var first *step
	s.observe = func(st step, _ *Result) {
		if first == nil {
			first = &st
		}
	}
	if r := mustCheck(t, s, scaled(8)); r.Status != Unsat {
		t.Errorf("size 8 with a hint: %v, want unsat", r.Status)
	}
	if first == nil || first.kind != smallValuesAttempt {
		t.Errorf("first attempt %+v, want the hinted look among small values", first)
	}
}

// TestHardTrialsStopTheTrials checks that once maxHardTrials trials of a
// query have run out of their rlimit, its other trials are skipped: a
// question whose hard part (a factoring) no trial value touches.
func TestHardTrialsStopTheTrials(t *testing.T) {
	q := rowCollision()
	a, b := threadVar("a#1"), threadVar("b#1")
	// Factors of 32 bits of the prime 2^61 - 1, tied to the race by tid.y:
	// none, which only a search shows.
	q.Assertions = append(q.Assertions,
		expr.Eq(expr.Mul(expr.ZExt(a, 64), expr.ZExt(b, 64)), expr.Const(1<<61-1, 64)),
		expr.ULt(c32(1), a), expr.ULt(c32(1), b), expr.ULt(threadVar("tid.y#1"), a))
	planned := len(trials(q))
	if planned <= maxHardTrials {
		t.Fatalf("%d trials planned, want more than %d", planned, maxHardTrials)
	}
	s := New(1_000_000)
	defer s.Close()
	tried := 0
	s.observe = func(st step, r *Result) {
		if st.kind == trialAttempt {
			tried++
		}
	}
	if r := mustCheck(t, s, q); r.Status == Sat {
		t.Fatalf("sat with %v, want no race", r.Vars)
	}
	if tried != maxHardTrials {
		t.Errorf("%d of %d trials tried, want %d", tried, planned, maxHardTrials)
	}
}

// TestHintsFollowTheFamily checks that a question of no known skeleton
// takes the hint of its family's latest question, and that a question
// of no family or of another takes none: a template's instantiations
// launched on different host paths, one with a condition more.
func TestHintsFollowTheFamily(t *testing.T) {
	limits := attempts(DefaultBudget)
	onPath := func(size uint64, f Family) *Query {
		q := scaled(size)
		q.Assertions = append(q.Assertions, expr.ULt(v32("x"), c32(size+100)))
		q.Family = f
		return q
	}
	if questionKeyOf(scaled(4), limits, expr.SkeletonOf) == questionKeyOf(onPath(8, ""), limits, expr.SkeletonOf) {
		t.Fatal("a question with a condition more: the same skeleton")
	}
	const pair = Family("pair 1")
	for _, tt := range []struct {
		f    Family
		want bool // the family's hint first
	}{{pair, true}, {"", false}, {"pair 2", false}} {
		s := New(0)
		defer s.Close()
		var last step
		s.observe = func(st step, _ *Result) { last = st }
		first := scaled(4)
		first.Family = pair
		if r := mustCheck(t, s, first); r.Status != Unsat {
			t.Fatalf("size 4: %v, want unsat", r.Status)
		}
		if h, ok := s.familyHints[pair]; !ok || h.kind != last.kind || h.limit != last.limit {
			t.Fatalf("family hint %+v (%v), want the deciding attempt's %v at %d", h, ok, last.kind, last.limit)
		}
		s.familyHints[pair] = hint{kind: smallValuesAttempt, limit: 1}
		var firstStep *step
		s.observe = func(st step, _ *Result) {
			if firstStep == nil {
				firstStep = &st
			}
		}
		if r := mustCheck(t, s, onPath(8, tt.f)); r.Status != Unsat {
			t.Errorf("family %q: %v, want unsat", tt.f, r.Status)
		}
		if firstStep == nil || (firstStep.kind == smallValuesAttempt) != tt.want {
			t.Errorf("family %q: first attempt %+v, want the family's hint first: %v", tt.f, firstStep, tt.want)
		}
	}
}
