package solver

import (
	"strings"
	"testing"
	"time"

	"hgrd/expr"
)

// TestSafetyNetEndsARunawaySearch checks that an attempt that runs past
// its safety net is interrupted, undecided with a reason that names the
// net, and that the net of a decided attempt leaves the next attempts
// alone.
func TestSafetyNetEndsARunawaySearch(t *testing.T) {
	saved := safetyNet
	defer func() { safetyNet = saved }()
	safetyNet = func(uint64) time.Duration { return 200 * time.Millisecond }

	s := New(4_000_000_000) // a budget no attempt uses up in a second
	defer s.Close()
	start := time.Now()
	r := mustCheck(t, s, hardQuery())
	if r.Status != Unknown || !strings.Contains(r.Reason, "safety net") {
		t.Fatalf("runaway search: %v (%q), want unknown, for the safety net", r.Status, r.Reason)
	}
	if d := time.Since(start); d > time.Minute {
		t.Errorf("the search went on %s past its net", d)
	}
	// A product that only a search decides (7 is odd, so x*y = 7 has
	// solutions with x and y above 1 modulo 2^8): no interruption meant
	// for the runaway attempt reaches it.
	x, y := v8("x"), v8("y")
	product := &Query{Assertions: []*expr.Term{expr.Eq(expr.Mul(x, y), c8(7)), expr.ULt(c8(1), x), expr.ULt(c8(1), y)}}
	for range 3 {
		if r := mustCheck(t, s, product); r.Status != Sat {
			t.Fatalf("query after the net fired: %v (%q), want sat", r.Status, r.Reason)
		}
	}
}
