// This file defines substitution of variables and the walk over a term's
// variables.

package expr

import (
	"slices"
	"strconv"
)

// Substitute returns t with every variable v replaced by f(v) (or kept if
// f returns nil); shared sub-terms are rewritten once.
func Substitute(t *Term, f func(v *Term) *Term) *Term {
	return Rewrite(t, func(t *Term) *Term {
		if t.Op == OpVar {
			return f(t)
		}
		return nil
	})
}

// Rewrite returns t rebuilt bottom-up, each sub-term (its operands
// rewritten first) replaced by f's result, or kept if f returns nil;
// shared sub-terms are rewritten once.
func Rewrite(t *Term, f func(t *Term) *Term) *Term {
	memo := map[*Term]*Term{}
	var walk func(t *Term) *Term
	walk = func(t *Term) *Term {
		if r, ok := memo[t]; ok {
			return r
		}
		if t == nil || slices.Contains(t.Args, nil) {
			return t // ill-formed: left for the solver to report
		}
		r := t
		if len(t.Args) > 0 {
			args := make([]*Term, len(t.Args))
			changed := false
			for i, a := range t.Args {
				args[i] = walk(a)
				changed = changed || args[i] != a
			}
			if changed {
				r = rebuild(t, args)
			}
		}
		if s := f(r); s != nil {
			r = s
		}
		memo[t] = r
		return r
	}
	return walk(t)
}

// rebuild returns a term like t with new operands, folding constants.
func rebuild(t *Term, args []*Term) *Term {
	switch t.Op {
	case OpApply:
		return Apply(t.Name, t.Width, args...)
	case OpZExt, OpSExt, OpTrunc:
		return resize(t.Op, args[0], t.Width)
	case OpNot:
		return Not(args[0])
	case OpImplies:
		return Implies(args[0], args[1])
	case OpIte:
		return Ite(args[0], args[1], args[2])
	case OpBool:
		return ToBool(args[0])
	case OpBV:
		return ToBV(args[0])
	case OpEq, OpNe, OpULt, OpULe, OpSLt, OpSLe:
		return compare(t.Op, args[0], args[1])
	case OpAnd:
		if t.IsBool() {
			return AllOf(args...)
		}
	case OpOr:
		if t.IsBool() {
			return AnyOf(args...)
		}
	}
	return binary(t.Op, args[0], args[1])
}

// Instantiate renames the per-thread variables of t for one side of a
// query: "tid.x" becomes "tid.x#1" for side 1, with its role kept.
func Instantiate(t *Term, side int) *Term {
	suffix := "#" + strconv.Itoa(side)
	return Substitute(t, func(v *Term) *Term {
		if v.Scope != PerThread {
			return nil
		}
		return VarWithRole(v.Name+suffix, v.Width, Instance, v.Role)
	})
}

// Vars returns the distinct variables of t, in first-seen order.
func Vars(t *Term) []*Term {
	names := map[string]bool{}
	var vars []*Term
	Inspect(t, func(t *Term) bool {
		if t.Op == OpVar && !names[t.Name] {
			names[t.Name] = true
			vars = append(vars, t)
		}
		return true
	})
	return vars
}
