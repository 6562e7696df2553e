package solver

import (
	"slices"
	"testing"
)

// TestCappedKeepsPlanOrder checks that a cap leaves out the attempts that
// would take the spending past it, keeps later ones that still fit, and
// always keeps the first.
func TestCappedKeepsPlanOrder(t *testing.T) {
	steps := []step{{limit: 10}, {limit: 40}, {limit: 100}, {limit: 30}, {limit: 500}}
	for _, c := range []struct {
		cap  uint64
		want []uint64
	}{
		{0, []uint64{10, 40, 100, 30, 500}},
		{100, []uint64{10, 40, 30}},
		{5, []uint64{10}},
		{680, []uint64{10, 40, 100, 30, 500}},
	} {
		if got := limitsOf(capped(steps, c.cap)); !slices.Equal(got, c.want) {
			t.Errorf("cap %d: limits %v, want %v", c.cap, got, c.want)
		}
	}
}

// TestSpendCapBoundsAQuery checks that a query asked under a spending cap
// (factoring, which no small budget decides) spends at most the cap over
// its attempts, and that its unknown answer is not reused for the same
// question asked without the cap, which runs its whole budget.
func TestSpendCapBoundsAQuery(t *testing.T) {
	const budget, spendCap = 2_000_000, 150_000
	s := New(budget)
	defer s.Close()
	var spent uint64
	attempts := 0
	s.observe = func(st step, _ *Result) {
		spent += st.limit
		attempts++
	}
	s.SetSpendCap(spendCap)
	if r := mustCheck(t, s, factoring()); r.Status != Unknown || attempts == 0 {
		t.Fatalf("under the cap: %v after %d attempts, want unknown after some", r.Status, attempts)
	}
	if spent > spendCap {
		t.Errorf("under a cap of %d: %d attempts spent up to %d units", spendCap, attempts, spent)
	}
	s.SetSpendCap(0)
	spent, attempts = 0, 0
	mustCheck(t, s, factoring())
	if attempts == 0 {
		t.Fatal("the same question without the cap reused the capped answer")
	}
	if spent < budget*9/10 {
		t.Errorf("without the cap: attempts of %d units in all, want the budget of %d", spent, budget)
	}
}
