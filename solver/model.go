// This file defines the extraction of a model from Z3: the values of a
// query's variables, of its uninterpreted function applications and of
// its observed terms, and the expr.Env that replays them.

package solver

import (
	"github.com/aclements/go-z3/z3"

	"hgrd/expr"
)

// queryTerms are the leaves of a query whose values make its model.
type queryTerms struct {
	vars    []*expr.Term // one per name, in first-seen order
	applies []*expr.Term // every distinct application term
}

// collect returns the variables and applications of q's assertions and
// observed terms. It panics with a termError if a term is nil, an
// assertion is not a boolean or a variable name is used with two sorts.
func collect(q *Query) queryTerms {
	c := collector{widths: map[string]int{}}
	for _, a := range q.Assertions {
		if a == nil {
			panic(&termError{"solver: nil assertion"})
		}
		if !a.IsBool() {
			panic(termErr(a, "assertion is not a boolean"))
		}
		c.walk(a)
	}
	for _, o := range q.Observe {
		if o == nil {
			panic(&termError{"solver: nil observed term"})
		}
		c.walk(o)
	}
	return c.qt
}

// A collector walks a query's terms, each shared sub-term once.
type collector struct {
	qt     queryTerms
	terms  expr.Inspector
	widths map[string]int // the width of each variable name
}

func (c *collector) walk(t *expr.Term) { c.terms.Inspect(t, c.visit) }

// visit records a variable or an application, and checks that the term
// has all its operands.
func (c *collector) visit(t *expr.Term) bool {
	switch t.Op {
	case expr.OpVar:
		w, ok := c.widths[t.Name]
		if ok && w != t.Width {
			panic(termErr(t, "variable used with widths %d and %d", w, t.Width))
		}
		if !ok {
			c.widths[t.Name] = t.Width
			c.qt.vars = append(c.qt.vars, t)
		}
	case expr.OpApply:
		c.qt.applies = append(c.qt.applies, t)
	}
	for _, a := range t.Args {
		if a == nil {
			panic(termErr(t, "nil operand of %s", t.Op))
		}
	}
	return true
}

// extract reads a Sat result from a model of an encoding of q. Every Z3
// value it makes is passed to retain.
func extract(enc *encoding, m *z3.Model, q *Query, qt queryTerms, retain func(any)) *Result {
	memo := map[*expr.Term]uint64{}
	eval := func(t *expr.Term) uint64 {
		if v, ok := memo[t]; ok {
			return v
		}
		e := enc.value(t)
		z := m.Eval(e, true)
		retain(e)
		retain(z)
		v := modelValue(t, z)
		memo[t] = v
		return v
	}
	return readModel(q, qt, eval)
}

// readModel returns the Sat result of q, whose leaves are qt, in which
// each leaf has the value value gives it. An observed term's value is
// computed from the leaves' (expr.Eval), exactly as the bit-vector
// semantics has it, so that no encoding has to define it for Z3.
func readModel(q *Query, qt queryTerms, value func(*expr.Term) uint64) *Result {
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
	env := r.Env()
	for i, o := range q.Observe {
		v, err := expr.Eval(o, env)
		if err != nil {
			panic(termErr(o, "observed term outside the model: %v", err))
		}
		r.Values[i] = v
	}
	return r
}

// Env returns an expr.Env that replays the model, so that
// expr.Eval(t, r.Env()) gives the model's value of a term over the
// query's variables and applications. Values outside the model (other
// variables, applications to other arguments) are reported missing.
func (r *Result) Env() expr.Env { return modelEnv{r} }

// A modelEnv is the expr.Env of a Result.
type modelEnv struct{ r *Result }

// Var returns the model's value of a variable.
func (e modelEnv) Var(name string) (uint64, bool) {
	v, ok := e.r.Vars[name]
	return v, ok
}

// Apply returns the model's value of an application.
func (e modelEnv) Apply(name string, args []uint64) (uint64, bool) {
	v, ok := e.r.Applies[expr.ApplyKey(name, args)]
	return v, ok
}
