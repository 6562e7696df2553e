package symbolic

import (
	"math"
	"testing"

	"hgrd/expr"
)

// TestFloatConstantTests checks that == and != of a double against a
// constant other than zero agree with Go's comparisons at every value
// tried (NaN, both zeros, infinities, the constant and its neighbours),
// that a test against zero is left unknown, and that the conversion to
// int of a choice between two double constants converts each.
func TestFloatConstantTests(t *testing.T) {
	x, c := expr.Var("x", 64, expr.Shared), expr.Var("c", 32, expr.Shared)
	stored := storedTerms(t, "testdata/floatcmp.cu", 4, x, c)
	values := []float64{6, -1.5, math.Nextafter(6, 7), math.Nextafter(6, 5), -6, 0, math.Copysign(0, -1),
		math.NaN(), math.Inf(1), math.Inf(-1), 1.5, 2}
	for _, v := range values {
		env := expr.MapEnv{"x": math.Float64bits(v)}
		for i, want := range []bool{v == 6, v != -1.5} {
			got, err := expr.Eval(stored[i], env)
			if err != nil {
				t.Fatalf("test %d is %v, not a function of x: %v", i, stored[i], err)
			}
			if (got == 1) != want {
				t.Errorf("test %d at x = %v: %v, want %v", i, v, got == 1, want)
			}
		}
	}
	for cv, want := range map[uint64]int64{0: -1, 1: 2} {
		got, err := expr.Eval(stored[2], expr.MapEnv{"c": cv})
		if err != nil || expr.SignExtend(got, 32) != want {
			t.Errorf("(int)(c ? 2.0 : -1.5) at c = %d: %v (%v), want %d", cv, int64(got), err, want)
		}
	}
	for _, v := range expr.Vars(stored[3]) {
		if v.Name == "x" {
			t.Errorf("x == 0.0 is %v: zero has two patterns, so its test should stay unknown", stored[3])
		}
	}
}
