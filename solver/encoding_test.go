package solver

import (
	"slices"
	"testing"

	"hgrd/expr"
)

// TestPlanSpendsTheBudget checks that a query's attempts spend its whole
// budget, and that only a query that multiplies or divides unknowns
// gives the integers more than one attempt of a thirty-second of it,
// and that one gets three, the first of its attempts (the relaxation's
// aside), of growing limits from at most a
// 200th of it, at most a sixteenth in all (integerRounds: a 256th, then
// a 128th and a 32nd of what trials and small values leave).
func TestPlanSpendsTheBudget(t *testing.T) {
	s := New(0)
	defer s.Close()
	sawBoth := map[bool]bool{}
	for _, rq := range raceQueries() {
		limits := attempts(DefaultBudget)
		steps := s.plan(rq.q, collect(rq.q), limits)
		var spent, integers uint64
		var integerLimits []uint64
		for _, st := range steps {
			spent += st.limit
			if st.name == "integers" {
				integers += st.limit
				integerLimits = append(integerLimits, st.limit)
			}
		}
		integerAttempts := len(integerLimits)
		if spent != sum(limits) {
			t.Errorf("%s: the attempts spend %d of a budget of %d", rq.name, spent, sum(limits))
		}
		nonLin := nonLinear(rq.q) && !variableShifts(rq.q)
		sawBoth[nonLin] = true
		if !nonLin && (integerAttempts != 1 || integers > sum(limits)/32) {
			t.Errorf("%s: %d integer attempts of %d units in all; want one, of at most a thirty-second of %d", rq.name, integerAttempts, integers, sum(limits))
		}
		if nonLin && (integerAttempts != 3 || integers > sum(limits)/16) {
			t.Errorf("%s multiplies unknowns: %d integer attempts of %d units in all; want three, of at most a sixteenth of %d", rq.name, integerAttempts, integers, sum(limits))
		}
		if nonLin && integerAttempts > 0 && (integerLimits[0] > sum(limits)/200 || !growing(integerLimits)) {
			t.Errorf("%s multiplies unknowns: integer limits %v; want growing limits from at most a 200th of %d", rq.name, integerLimits, sum(limits))
		}
		if first := withoutFirstLooks(withoutRelaxation(steps))[0]; nonLin && first.name != "integers" {
			t.Errorf("%s multiplies unknowns: its first attempt but a first look at a trial is %s, want the integers", rq.name, first.name)
		}
	}
	if !sawBoth[true] || !sawBoth[false] {
		t.Errorf("the queries cover only non-linear = %v", sawBoth)
	}
}

// TestQuickLookWithoutTrials checks that a query's plan opens with the
// quick bit-vector look when it has no trials, and that a query with
// trials starts with them instead, in both cases after a short integer
// attempt if the query multiplies unknowns (the relaxation's aside),
// which a query with trials precedes with a first look at its first
// trial.
func TestQuickLookWithoutTrials(t *testing.T) {
	s := New(0)
	defer s.Close()
	saw := map[bool]bool{}
	queries := append(raceQueries(), raceQuery{name: "row-collision", q: rowCollision()})
	for _, rq := range queries {
		steps := withoutRelaxation(s.plan(rq.q, collect(rq.q), attempts(DefaultBudget)))
		hasTrials := len(trials(rq.q)) > 0
		saw[hasTrials] = true
		first := steps[0]
		nonLin := nonLinear(rq.q) && !variableShifts(rq.q)
		if nonLin && hasTrials {
			if !first.firstLook || first.trial == nil || first.limit > DefaultBudget/500 {
				t.Errorf("%s multiplies unknowns and has trials: its first attempt is %q of %d units, want a first look at a trial", rq.name, first.name, first.limit)
			}
			steps = steps[1:]
			first = steps[0]
		}
		if nonLin {
			if first.name != "integers" || first.limit > DefaultBudget/200 {
				t.Errorf("%s multiplies unknowns: its first attempt is %q of %d units, want a short integer attempt", rq.name, first.name, first.limit)
			}
			first = steps[1]
		}
		if hasTrials && first.trial == nil {
			t.Errorf("%s has trials: its first attempt is %q", rq.name, first.name)
		}
		if !hasTrials && first.name != "bit-vectors (quick)" {
			t.Errorf("%s has no trials: its first attempt is %q, want the quick look", rq.name, first.name)
		}
	}
	if !saw[true] || !saw[false] {
		t.Errorf("the queries cover only has-trials = %v", saw)
	}
}

// withoutFirstLooks returns the steps but the first looks at trials.
func withoutFirstLooks(steps []step) []step {
	return slices.DeleteFunc(slices.Clone(steps), func(st step) bool { return st.firstLook })
}

// withoutRelaxation returns the steps but the attempt on the query's
// relaxation.
func withoutRelaxation(steps []step) []step {
	return slices.DeleteFunc(slices.Clone(steps), func(st step) bool { return st.unsatOnly })
}

// hashQuery is md5hash's kind of query: two threads whose keys (their
// global indices) hash to the searched digest both write the key found.
// The hash mixes its state with rounds rotate-xor-or-and of the key.
func hashQuery(rounds int) *Query {
	digest := v32("digest")
	hash := func(side string) *expr.Term {
		h := expr.Add(expr.Mul(v32("ctaid.x"+side), c32(256)), v32("tid.x"+side))
		for r := 0; r < rounds; r++ {
			rotated := expr.Or(expr.Shl(h, c32(7)), expr.LShr(h, c32(25)))
			h = expr.Add(expr.Xor(rotated, expr.And(h, c32(0x5a5a5a5a))), c32(uint64(r)))
		}
		return h
	}
	return &Query{Assertions: []*expr.Term{
		expr.Eq(hash("#1"), digest), expr.Eq(hash("#2"), digest),
		expr.Ne(threadVar("tid.x#1"), threadVar("tid.x#2")),
	}}
}

// TestBitWiseQueriesAreTheBitVectors checks that a query with more
// bit-wise operations than maxBitDecompositions has no integer encoding,
// so that its plan, trials included, is bit-vectors only, and that one
// with a few keeps both encodings.
func TestBitWiseQueriesAreTheBitVectors(t *testing.T) {
	s := New(0)
	defer s.Close()
	few, many := hashQuery(1), hashQuery(maxBitDecompositions)
	if n := bitDecompositions(few); n == 0 || n > maxBitDecompositions {
		t.Fatalf("one round: %d bit-wise operations, want 1 to %d", n, maxBitDecompositions)
	}
	if _, err := s.integers(few, collect(few)); err != nil {
		t.Errorf("one round: no integer encoding: %v", err)
	}
	if _, err := s.integers(many, collect(many)); err == nil {
		t.Errorf("%d rounds (%d bit-wise operations): an integer encoding, want none", maxBitDecompositions, bitDecompositions(many))
	}
	for _, st := range s.plan(many, collect(many), attempts(DefaultBudget)) {
		if st.enc.fresh {
			t.Errorf("%d rounds: attempt %q is an integer one", maxBitDecompositions, st.name)
		}
	}
}

// growing reports whether every limit is larger than the one before.
func growing(limits []uint64) bool {
	for i := 1; i < len(limits); i++ {
		if limits[i] <= limits[i-1] {
			return false
		}
	}
	return true
}

// TestPooledMergesSmallAttempts checks that an attempt below minAttempt
// gives its units to the next attempt of its encoding and kind, that the
// last attempt of each is kept, and that the units are all spent.
func TestPooledMergesSmallAttempts(t *testing.T) {
	in, bv, small := &encoding{}, &encoding{}, &encoding{}
	tr := &trial{}
	steps := []step{
		{enc: in, limit: 76},
		{enc: bv, limit: 152},
		{enc: small, limit: 603, satOnly: true},
		{enc: in, limit: 146},
		{enc: bv, limit: 1168},
		{enc: in, limit: 292},
		{enc: in, limit: 500, satOnly: true, trial: tr},
		{enc: bv, limit: 2337},
		{enc: bv, limit: 4675},
		{enc: bv, limit: minAttempt},
	}
	got := pooled(steps)
	want := []step{
		{enc: small, limit: 603, satOnly: true}, // last of its kind
		{enc: in, limit: 76 + 146 + 292},        // last integer attempt
		{enc: in, limit: 500, satOnly: true, trial: tr},
		{enc: bv, limit: 152 + 1168 + 2337 + 4675}, // reaches minAttempt
		{enc: bv, limit: minAttempt},
	}
	if len(got) != len(want) {
		t.Fatalf("pooled gave %d attempts, want %d: %+v", len(got), len(want), got)
	}
	for i := range want {
		if got[i].enc != want[i].enc || got[i].limit != want[i].limit || got[i].satOnly != want[i].satOnly || got[i].trial != want[i].trial {
			t.Errorf("attempt %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
	if sum(limitsOf(got)) != sum(limitsOf(steps)) {
		t.Errorf("pooled spends %d units, the plan %d", sum(limitsOf(got)), sum(limitsOf(steps)))
	}
	large := []step{{enc: in, limit: 78125}, {enc: bv, limit: 156250}}
	if got := pooled(large); len(got) != 2 || got[0].limit != 78125 || got[1].limit != 156250 {
		t.Errorf("pooled changed a plan of large attempts: %+v", got)
	}
}

func limitsOf(steps []step) []uint64 {
	var out []uint64
	for _, st := range steps {
		out = append(out, st.limit)
	}
	return out
}

// TestPooledDropsSmallAttemptsAlone checks that an attempt below
// minAttempt decided in a context of its own gives its units to the next
// attempt, whatever its kind, and that the plan's last attempt is kept.
func TestPooledDropsSmallAttemptsAlone(t *testing.T) {
	in, bv := &encoding{fresh: true}, &encoding{}
	steps := []step{
		{enc: in, limit: 1220, unsatOnly: true}, // a relaxation
		{enc: in, limit: minAttempt},
		{enc: in, limit: 600, satOnly: true}, // small values
		{enc: bv, limit: 9000},
		{enc: in, limit: 292},
	}
	got := pooled(steps)
	want := []step{
		{enc: in, limit: minAttempt + 1220},
		{enc: bv, limit: 9000 + 600},
		{enc: in, limit: 292}, // the last
	}
	if len(got) != len(want) {
		t.Fatalf("pooled gave %d attempts, want %d: %+v", len(got), len(want), got)
	}
	for i := range want {
		if got[i].enc != want[i].enc || got[i].limit != want[i].limit {
			t.Errorf("attempt %d: got limit %d, want %d", i, got[i].limit, want[i].limit)
		}
	}
}
