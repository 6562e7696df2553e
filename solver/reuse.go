// This file defines the models a Solver remembers: a query that one of
// its recent models already satisfies is answered with it, without Z3.

package solver

import "hgrd/expr"

// recentModels is how many of its latest models a Solver tries on each
// query before asking Z3. The questions that follow a race share its
// variables (thread and block indices, launch dimensions, parameters,
// the values each thread loads) and often hold under its witness: the
// witness kept within its allocations, a premise refuted again for
// another pair (tiled_grid_ok: 14 of its 66 queries). Trying a model
// costs an evaluation of the query's terms, microseconds against the
// hundredths to tenths of a second of an attempt.
const recentModels = 16

// reuse returns a model of q made from the newest of the Solver's recent
// models under which every assertion of q holds, or nil if there is
// none. The model read as an interpretation gives every variable and
// application it does not name the value 0 (a borrowedEnv), so q's
// assertions holding under it prove q satisfiable whatever query the
// model came from.
//
// A query is first translated, as every attempt would: evaluation
// accepts terms that Z3 rejects (operands of two widths, a function
// used at two sorts), and such a query is an error for decide to report,
// never a race. The translation is kept, so an attempt pays for it once.
func (s *Solver) reuse(q *Query) (res *Result) {
	if len(s.models) == 0 {
		return nil
	}
	defer func() {
		if recover() != nil {
			res = nil
		}
	}()
	s.bitVectors(q)
	for i := len(s.models) - 1; i >= 0; i-- {
		if r := modelFrom(s.models[i], q); r != nil {
			return r
		}
	}
	return nil
}

// remember records a Sat result among the Solver's recent models.
func (s *Solver) remember(r *Result) {
	if r.Status != Sat {
		return
	}
	s.models = append(s.models, r)
	if len(s.models) > recentModels {
		s.models = append(s.models[:0], s.models[1:]...)
	}
}

// modelFrom returns the model of q that the interpretation old gives,
// if q's assertions all hold under it. The query's leaves are collected
// only then: most models fail, at the first assertion they falsify.
func modelFrom(old *Result, q *Query) *Result {
	ev := expr.NewEvaluator(borrowedEnv{old})
	for _, a := range q.Assertions {
		if v, err := ev.Eval(a); err != nil || v == 0 {
			return nil
		}
	}
	return readModel(q, collect(q), func(t *expr.Term) uint64 {
		v, _ := ev.Eval(t) // a borrowedEnv names every leaf
		return v
	})
}

// A borrowedEnv interprets terms as a remembered model does, and the
// variables and applications the model does not name as 0.
type borrowedEnv struct{ model *Result }

// Var returns the model's value of the variable, or 0.
func (e borrowedEnv) Var(name string) (uint64, bool) { return e.model.Vars[name], true }

// Apply returns the model's value of the application, or 0.
func (e borrowedEnv) Apply(name string, args []uint64) (uint64, bool) {
	return e.model.Applies[expr.ApplyKey(name, args)], true
}
