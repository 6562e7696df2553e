// This file defines the package's API: queries, results and the Solver
// that decides them.

package solver

import (
	"errors"
	"fmt"

	"github.com/aclements/go-z3/z3"

	"hgrd/expr"
)

// Status is the outcome of a query.
type Status int

// The outcomes of a query.
const (
	Unsat   Status = iota // no assignment satisfies the assertions
	Sat                   // the Result's model satisfies the assertions
	Unknown               // undecided, usually because the budget ran out
)

// String returns "unsat", "sat" or "unknown".
func (s Status) String() string {
	switch s {
	case Unsat:
		return "unsat"
	case Sat:
		return "sat"
	case Unknown:
		return "unknown"
	}
	return fmt.Sprintf("Status(%d)", int(s))
}

// A Query is a conjunction of boolean terms to satisfy.
type Query struct {
	// Assertions are booleans; the query is their conjunction (true if
	// there are none).
	Assertions []*expr.Term
	// Observe are terms, bit-vector or boolean, whose values the
	// caller wants from the model.
	Observe []*expr.Term
}

// A Result is a query's outcome and, when Sat, its model.
type Result struct {
	Status Status
	// Vars holds the value of every variable of the assertions and of
	// Observe, masked to its width; booleans are 0 or 1.
	Vars map[string]uint64
	// Applies holds the value of every uninterpreted function
	// application in the assertions and in Observe, keyed by
	// expr.ApplyKey of the function's name and its argument values.
	Applies map[string]uint64
	// Values holds the values of Observe, in order.
	Values []uint64
	// Reason says why the status is Unknown.
	Reason string
}

// A Solver decides queries with its own Z3 context. It is not safe for
// concurrent use; use one per goroutine.
//
// A Solver remembers the translation of every term it has seen, so
// queries that share sub-terms (path conditions, say) are cheap to
// translate; the memory is released by Close.
type Solver struct {
	ctx    *z3.Context
	tr     *translator
	budget uint64 // rlimit per query, as passed to Z3
}

// New returns a Solver that gives each query a budget of budget rlimit
// units, or DefaultBudget if budget is 0. Budgets above 2^32-1, the
// largest rlimit Z3 accepts, are lowered to it.
func New(budget uint64) *Solver {
	budget = clampBudget(budget)
	ctx := z3.NewContext(budgetConfig(budget))
	return &Solver{ctx: ctx, tr: newTranslator(ctx), budget: budget}
}

// Budget returns the rlimit each query may consume.
func (s *Solver) Budget() uint64 { return s.budget }

// Check decides q. It reports a Z3 failure, such as an ill-sorted term,
// as an error; an exhausted budget is not an error but Status Unknown,
// with a Reason.
//
// Each Check asserts q into a fresh Z3 solver of the Solver's context, so
// no assertion outlives its query, while term translations are kept.
func (s *Solver) Check(q *Query) (res *Result, err error) {
	if s.ctx == nil {
		return nil, errors.New("solver: Check after Close")
	}
	defer func() {
		if r := recover(); r != nil {
			res, err = nil, failure(r)
		}
	}()
	terms := collect(q)
	zs := z3.NewSolver(s.ctx)
	for _, a := range q.Assertions {
		zs.Assert(s.tr.bool(a))
	}
	for _, o := range q.Observe {
		s.tr.value(o)
	}
	sat, err := zs.Check()
	switch {
	case err != nil:
		var unknown *z3.ErrSatUnknown
		if !errors.As(err, &unknown) {
			return nil, fmt.Errorf("solver: z3: %v", err)
		}
		return &Result{Status: Unknown, Reason: s.unknownReason(unknown.Reason)}, nil
	case !sat:
		return &Result{Status: Unsat}, nil
	}
	return s.extract(zs.Model(), q, terms), nil
}

// failure turns a panic recovered during Check into an error. go-z3
// panics with Z3's error message as a string.
func failure(r any) error {
	switch r := r.(type) {
	case *termError:
		return r
	case error:
		return fmt.Errorf("solver: z3 failed: %w", r)
	}
	return fmt.Errorf("solver: z3 failed: %v", r)
}

// Close releases the Solver's term translations and its reference to the
// Z3 context. go-z3 has no call that deletes a context: the context is
// deleted by go-z3's finalizer once the garbage collector finds it
// unreachable. A closed Solver must not be used.
func (s *Solver) Close() {
	s.ctx, s.tr = nil, nil
}
