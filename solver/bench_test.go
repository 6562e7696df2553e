// This file checks and benchmarks the race-like queries of
// queries_test.go.

package solver

import (
	"testing"
)

// TestRaceQueries checks that the default budget decides each benchmark
// query as expected, and each model against expr.Eval.
func TestRaceQueries(t *testing.T) {
	s := New(0)
	defer s.Close()
	for _, rq := range raceQueries() {
		t.Run(rq.name, func(t *testing.T) {
			r := mustCheck(t, s, rq.q)
			if r.Status != rq.want {
				t.Fatalf("%v, want %v (%s)", r.Status, rq.want, r.Reason)
			}
			if r.Status == Sat {
				verifyModel(t, rq.q, r)
			}
		})
	}
}

// BenchmarkCheck decides each benchmark query with one Solver, as a
// worker of the analysis would: translations are memoised after the
// first iteration, so the time is Z3's. A wrong answer fails the
// benchmark; running out of budget does not, but is reported as the
// unknown/op metric, since Z3's effort on one query varies between runs
// in a long-lived context (see budget.go).
func BenchmarkCheck(b *testing.B) {
	for _, rq := range raceQueries() {
		b.Run(rq.name, func(b *testing.B) {
			s := New(0)
			defer s.Close()
			unknown := 0
			for b.Loop() {
				r, err := s.Check(rq.q)
				switch {
				case err != nil:
					b.Fatal(err)
				case r.Status == Unknown:
					unknown++
				case r.Status != rq.want:
					b.Fatalf("%v, want %v", r.Status, rq.want)
				}
			}
			b.ReportMetric(float64(size(rq.q)), "terms")
			b.ReportMetric(float64(unknown)/float64(b.N), "unknown/op")
		})
	}
}
