// This file defines helpers shared by the tests: short term constructors
// and the check that a model satisfies its query.

package solver

import (
	"fmt"
	"testing"

	"hgrd/expr"
)

func v8(name string) *expr.Term      { return expr.Var(name, 8, expr.Shared) }
func c8(v int64) *expr.Term          { return expr.Int(v, 8) }
func boolVar(name string) *expr.Term { return expr.Var(name, expr.Bool, expr.Shared) }
func f8(arg *expr.Term) *expr.Term   { return expr.Apply("f", 8, arg) }
func raw(op expr.Op, width int, args ...*expr.Term) *expr.Term {
	return &expr.Term{Op: op, Width: width, Args: args}
}

// mustCheck decides q and fails the test on an error.
func mustCheck(t *testing.T, s *Solver, q *Query) *Result {
	t.Helper()
	r, err := s.Check(q)
	if err != nil {
		t.Fatalf("Check: %v", err)
	}
	return r
}

// verifyModel checks with expr.Eval, independently of Z3, that a Sat
// result's model satisfies every assertion of q and gives the observed
// terms the values reported.
func verifyModel(t *testing.T, q *Query, r *Result) {
	t.Helper()
	if err := modelError(q, r); err != nil {
		t.Error(err)
	}
}

// modelError returns what is wrong with a Sat result's model of q, or
// nil.
func modelError(q *Query, r *Result) error {
	if r.Status != Sat {
		return fmt.Errorf("a %v result has no model", r.Status)
	}
	env := r.Env()
	for _, a := range q.Assertions {
		v, err := expr.Eval(a, env)
		if err != nil {
			return fmt.Errorf("model cannot evaluate %s: %v", a, err)
		}
		if v != 1 {
			return fmt.Errorf("model falsifies %s\nvars %v\napplies %v", a, r.Vars, r.Applies)
		}
	}
	if len(r.Values) != len(q.Observe) {
		return fmt.Errorf("%d values for %d observed terms", len(r.Values), len(q.Observe))
	}
	for i, o := range q.Observe {
		v, err := expr.Eval(o, env)
		if err != nil {
			return fmt.Errorf("model cannot evaluate observed %s: %v", o, err)
		}
		if v != r.Values[i] {
			return fmt.Errorf("observed %s: Z3 says %d, expr.Eval says %d\nvars %v\napplies %v",
				o, r.Values[i], v, r.Vars, r.Applies)
		}
	}
	return nil
}
