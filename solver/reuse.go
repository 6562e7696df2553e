// This file defines the models a Solver remembers: a query that one of
// its recent models already satisfies is answered with it, without Z3.

package solver

import "hgrd/expr"

// recentModels is how many of its latest models a Solver tries on each
// query before asking Z3. The queries of one kernel share its variables
// (thread and block indices, launch dimensions, parameters, the values
// each thread loads), and the pairs of accesses to one location on one
// path often race under the same assignment: hecbench-dev's strash
// checks a read of vOld2NewLit[nodeId] and the write after it as it
// checks the write against itself. Trying a model costs an evaluation
// of the query's terms, microseconds against the tenths of a second of
// the attempts it saves.
const recentModels = 16

// reuse returns a model of q made from the newest of the Solver's recent
// models under which every assertion of q holds, or nil if there is
// none. The model read as an interpretation gives every variable and
// application it does not name the value 0 (a borrowedEnv), so q's
// assertions holding under it prove q satisfiable whatever query the
// model came from.
func (s *Solver) reuse(q *Query) (res *Result) {
	if len(s.models) == 0 {
		return nil
	}
	defer func() {
		// An ill-formed query is decide's to report.
		if recover() != nil {
			res = nil
		}
	}()
	qt := collect(q)
	for i := len(s.models) - 1; i >= 0; i-- {
		if r := modelFrom(s.models[i], q, qt); r != nil {
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

// modelFrom returns the model of q, whose leaves are qt, that the
// interpretation old gives, if q's assertions all hold under it.
func modelFrom(old *Result, q *Query, qt queryTerms) *Result {
	ev := expr.NewEvaluator(borrowedEnv{old})
	for _, a := range q.Assertions {
		if v, err := ev.Eval(a); err != nil || v == 0 {
			return nil
		}
	}
	value := func(t *expr.Term) uint64 {
		v, _ := ev.Eval(t) // a borrowedEnv names every leaf
		return v
	}
	r := &Result{
		Status:  Sat,
		Vars:    make(map[string]uint64, len(qt.vars)),
		Applies: make(map[string]uint64, len(qt.applies)),
		Values:  make([]uint64, len(q.Observe)),
	}
	for _, v := range qt.vars {
		r.Vars[v.Name] = value(v)
	}
	for _, a := range qt.applies {
		args := make([]uint64, len(a.Args))
		for i, arg := range a.Args {
			args[i] = value(arg)
		}
		r.Applies[expr.ApplyKey(a.Name, args)] = value(a)
	}
	for i, o := range q.Observe {
		r.Values[i] = value(o)
	}
	return r
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
