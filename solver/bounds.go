// This file infers bounds of variables from a query's top-level
// assertions, for the integer encoding: a thread index known to be below
// a block size of at most 1024 is encoded as a small integer, so that its
// signed and unsigned readings are the same expression.

package solver

import (
	"hgrd/expr"
)

// varBounds returns, for variables whose unsigned value the top-level
// assertions bound above by less than 2^(width-1), that bound: such a
// variable's signed and unsigned values are equal. Bounds come from
// comparisons with constants and, transitively, with bounded variables
// (tid.x < ntid.x <= 1024).
func varBounds(assertions []*expr.Term) map[string]uint64 {
	var facts []*expr.Term
	for _, a := range assertions {
		facts = append(facts, expr.Conjuncts(a)...)
	}
	bounds := map[string]uint64{}
	for changed := true; changed; {
		changed = false
		for _, f := range facts {
			name, hi, ok := upperBound(f, bounds)
			if !ok {
				continue
			}
			if old, seen := bounds[name]; !seen || hi < old {
				bounds[name] = hi
				changed = true
			}
		}
	}
	return bounds
}

// upperBound reads a fact as "variable <= hi" (unsigned), using the known
// bounds of other variables.
func upperBound(f *expr.Term, bounds map[string]uint64) (string, uint64, bool) {
	if len(f.Args) != 2 {
		return "", 0, false
	}
	a, b := f.Args[0], f.Args[1]
	if a.Op != expr.OpVar || a.IsBool() {
		return "", 0, false
	}
	limit, ok := valueBound(b, bounds)
	if !ok {
		return "", 0, false
	}
	switch f.Op {
	case expr.OpEq, expr.OpULe:
	case expr.OpULt:
		if limit == 0 {
			return "", 0, false
		}
		limit--
	case expr.OpSLe, expr.OpSLt:
		// A signed bound says nothing of negative values.
		return "", 0, false
	default:
		return "", 0, false
	}
	if limit >= signBit(a.Width) {
		return "", 0, false
	}
	return a.Name, limit, true
}

// valueBound returns an unsigned upper bound of a constant or a bounded
// variable.
func valueBound(t *expr.Term, bounds map[string]uint64) (uint64, bool) {
	switch t.Op {
	case expr.OpConst:
		return t.Value, !t.IsBool()
	case expr.OpVar:
		hi, ok := bounds[t.Name]
		return hi, ok
	}
	return 0, false
}
