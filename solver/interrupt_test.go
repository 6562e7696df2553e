package solver

import (
	"context"
	"testing"
	"time"

	"hgrd/expr"
)

// TestStopWhenEndsSearch checks that a Solver watching a context ends
// the search under way when the context is cancelled, undecided and
// saying why, and then answers every query the same way without a
// search; and that a Solver whose watch was released is not stopped.
func TestStopWhenEndsSearch(t *testing.T) {
	s := New(4_000_000_000)
	defer s.Close()
	ctx, cancel := context.WithCancel(context.Background())
	release := s.StopWhen(ctx)
	defer release()
	time.AfterFunc(200*time.Millisecond, cancel)
	start := time.Now()
	r := mustCheck(t, s, hardQuery()) // undecided in any practical budget
	if r.Status != Unknown || r.Reason != interruptedReason {
		t.Fatalf("cancelled search: %v (%q), want unknown, interrupted", r.Status, r.Reason)
	}
	if d := time.Since(start); d > time.Minute {
		t.Errorf("the search went on %s after it was stopped", d)
	}
	x := v8("x")
	easy := &Query{Assertions: []*expr.Term{expr.ULt(c8(3), x)}}
	if r := mustCheck(t, s, easy); r.Status != Unknown || r.Reason != interruptedReason {
		t.Errorf("query after the stop: %v (%q), want unknown, interrupted", r.Status, r.Reason)
	}

	other := New(0)
	defer other.Close()
	ctx2, cancel2 := context.WithCancel(context.Background())
	other.StopWhen(ctx2)()
	cancel2()
	if r := mustCheck(t, other, easy); r.Status != Sat {
		t.Errorf("query of a Solver whose watch was released: %v, want sat", r.Status)
	}
}
