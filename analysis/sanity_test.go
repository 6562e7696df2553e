package analysis

import (
	"strings"
	"testing"

	"hgrd/constraints"
	"hgrd/expr"
	"hgrd/kernelanalysis"
	"hgrd/solver"
)

// TestVerifyWitnessRejectsWrongModels checks that a model that does not
// satisfy the query, or whose addresses differ, is caught.
func TestVerifyWitnessRejectsWrongModels(t *testing.T) {
	x := expr.Var("x", 32, expr.Shared)
	off := func(v *expr.Term) *expr.Term { return expr.Mul(expr.ZExt(v, 64), expr.Const(4, 64)) }
	acc := &kernelanalysis.Access{Offset: off(x), Size: expr.Const(4, 64)}
	q := &constraints.Query{First: acc, Second: acc,
		Assertions: []*expr.Term{expr.ULt(x, expr.Const(10, 32))},
		Offset1:    off(x), Offset2: off(expr.Add(x, expr.Const(1, 32)))}
	tests := []struct {
		vars   map[string]uint64
		want   string
		reason string
	}{
		{map[string]uint64{"x": 3}, "do not overlap", "addresses 12 and 16 are different words"},
		{map[string]uint64{"x": 12}, "assertion 0 is false", "x < 10 fails"},
		{map[string]uint64{}, "no value for x", "a model must give every variable"},
	}
	for _, tt := range tests {
		err := verifyWitness(q, &solver.Result{Status: solver.Sat, Vars: tt.vars})
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("verifyWitness(%v) = %v, want %q (%s)", tt.vars, err, tt.want, tt.reason)
		}
	}
	q.Offset2 = off(x)
	if err := verifyWitness(q, &solver.Result{Status: solver.Sat, Vars: map[string]uint64{"x": 3}}); err != nil {
		t.Errorf("a real witness was rejected: %v", err)
	}
}
