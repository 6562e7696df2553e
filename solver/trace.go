// This file defines the trace of attempts that HGRD_TRACE_QUERIES=1
// prints to standard error, for finding which queries spend the budget.

package solver

import (
	"fmt"
	"os"
	"strings"
	"sync/atomic"
	"time"
)

// queryCount numbers traced queries.
var queryCount atomic.Int64

// A trace records the attempts of one query; a nil trace records nothing.
type trace struct {
	n     int64
	plan  string // the plan's size, for the header line
	lines []string
}

// TraceEnv names the variable that, set, makes every query print its
// attempts to standard error.
const TraceEnv = "HGRD_TRACE_QUERIES"

// newTrace returns a trace if TraceEnv is set, else nil.
func newTrace() *trace {
	if os.Getenv(TraceEnv) == "" {
		return nil
	}
	return &trace{n: queryCount.Add(1)}
}

func (t *trace) start() time.Time {
	if t == nil {
		return time.Time{}
	}
	return time.Now()
}

// planned records the size of a query's plan: its attempts and, of
// them, its trials.
func (t *trace) planned(steps []step) {
	if t == nil {
		return
	}
	trials := 0
	for _, s := range steps {
		if s.trial != nil {
			trials++
		}
	}
	t.plan = fmt.Sprintf(" (%d attempts planned, %d trials)", len(steps), trials)
}

// step records an attempt's outcome, with the rlimit units it consumed
// when they are known (units > 0).
func (t *trace) step(s step, r *Result, start time.Time, units uint64) {
	if t == nil {
		return
	}
	used := ""
	if units > 0 {
		used = fmt.Sprintf("  used %9d", units)
	}
	t.lines = append(t.lines, fmt.Sprintf("  %-40s limit %9d  %-7s %6.2fs  z3 %4d MB%s", s.name, s.limit, r.Status, time.Since(start).Seconds(), HeldMemory()>>20, used))
}

// note records a line about the query that is not an attempt.
func (t *trace) note(line string) {
	if t == nil {
		return
	}
	t.lines = append(t.lines, "  "+line)
}

// finish prints the query's attempts in one write, so that queries of
// parallel Solvers do not interleave.
func (t *trace) finish() {
	if t == nil {
		return
	}
	fmt.Fprintf(os.Stderr, "query %d%s\n%s\n", t.n, t.plan, strings.Join(t.lines, "\n"))
}

// traceReuse prints, if TraceEnv is set, that a query was answered
// without an attempt, and why.
func traceReuse(why string, r *Result) {
	if t := newTrace(); t != nil {
		t.lines = append(t.lines, fmt.Sprintf("  answered without Z3, %s: %s", why, r.Status))
		t.finish()
	}
}

// traceSlices reports that a query is decided in two independent parts.
func traceSlices() {
	if t := newTrace(); t != nil {
		t.lines = append(t.lines, "  sliced: the race's part first, then, unless it is unsat, the part that does not bear on the race")
		t.finish()
	}
}
