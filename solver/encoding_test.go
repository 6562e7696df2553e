package solver

import "testing"

// TestPlanSpendsTheBudget checks that a query's attempts spend its whole
// budget, and that only a query that multiplies or divides unknowns
// gives the integers more than one attempt of a thirty-second of it,
// and that one gets two, the first after its trials, of at most three
// sixteenths of it (integerRounds).
func TestPlanSpendsTheBudget(t *testing.T) {
	s := New(0)
	defer s.Close()
	sawBoth := map[bool]bool{}
	for _, rq := range raceQueries() {
		limits := attempts(DefaultBudget)
		steps := s.plan(rq.q, collect(rq.q), limits)
		var spent, integers uint64
		var integerAttempts int
		for _, st := range steps {
			spent += st.limit
			if st.name == "integers" {
				integers += st.limit
				integerAttempts++
			}
		}
		if spent != sum(limits) {
			t.Errorf("%s: the attempts spend %d of a budget of %d", rq.name, spent, sum(limits))
		}
		nonLin := nonLinear(rq.q) && !variableShifts(rq.q)
		sawBoth[nonLin] = true
		if !nonLin && (integerAttempts != 1 || integers > sum(limits)/32) {
			t.Errorf("%s: %d integer attempts of %d units in all; want one, of at most a thirty-second of %d", rq.name, integerAttempts, integers, sum(limits))
		}
		if nonLin && (integerAttempts != 2 || integers > 3*(sum(limits)/16)) {
			t.Errorf("%s multiplies unknowns: %d integer attempts of %d units in all; want two, of at most three sixteenths of %d", rq.name, integerAttempts, integers, sum(limits))
		}
		if nonLin && firstRound(steps) != "integers" {
			t.Errorf("%s multiplies unknowns: its first attempt after trials is %s, want the integers", rq.name, firstRound(steps))
		}
	}
	if !sawBoth[true] || !sawBoth[false] {
		t.Errorf("the queries cover only non-linear = %v", sawBoth)
	}
}

// firstRound returns the name of a plan's first attempt after its quick
// look, trials and small values.
func firstRound(steps []step) string {
	for _, st := range steps {
		if st.name == "integers" || st.name == "bit-vectors" {
			return st.name
		}
	}
	return ""
}
