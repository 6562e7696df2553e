package solver

import (
	"math/rand"
	"testing"

	"hgrd/expr"
)

// TestShiftedPowersKeepValues evaluates each product, quotient and
// remainder by 1 << s and its rewrite at edge and random values, for
// every shift amount up to past the width: they must agree.
func TestShiftedPowersKeepValues(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	ops := map[string]func(a, b *expr.Term) *expr.Term{
		"mul": expr.Mul, "udiv": expr.UDiv, "urem": expr.URem, "sdiv": expr.SDiv, "srem": expr.SRem,
	}
	for _, w := range []int{8, 32, 64} {
		x, s := expr.Var("x", w, expr.Instance), expr.Var("s", w, expr.Shared)
		exponent := func(t *expr.Term) *expr.Term { return powerExponent(t) }
		for name, op := range ops {
			orig := op(x, expr.Shl(expr.Const(1, w), s))
			rewritten := shifted(orig, exponent)
			if rewritten == nil {
				t.Fatalf("%s by 1 << s (%d bits) not rewritten", name, w)
			}
			xs := []uint64{0, 1, 2, 3, 5, expr.Mask(w), expr.Mask(w) - 1, 1 << (w - 1), 1<<(w-1) + 1, 1<<(w-1) - 1}
			for i := 0; i < 200; i++ {
				xs = append(xs, r.Uint64()&expr.Mask(w))
			}
			for sv := uint64(0); sv <= uint64(w)+2; sv++ {
				for _, xv := range xs {
					env := expr.MapEnv{"x": xv, "s": sv}
					want, err1 := expr.Eval(orig, env)
					got, err2 := expr.Eval(rewritten, env)
					if err1 != nil || err2 != nil || got != want {
						t.Fatalf("%s (%d bits) of %#x by 1 << %d: %#x rewritten, %#x before (%v %v)", name, w, xv, sv, got, want, err1, err2)
					}
				}
			}
		}
	}
}

// TestWidenedPowersKeepValues checks the rewrite of a product by a
// widened power of two, sign- or zero-extended, at every shift amount.
func TestWidenedPowersKeepValues(t *testing.T) {
	x, s := expr.Var("x", 64, expr.Instance), expr.Var("s", 32, expr.Shared)
	power := expr.Shl(expr.Const(1, 32), s)
	exponent := func(t *expr.Term) *expr.Term { return powerExponent(t) }
	for _, ext := range []func(*expr.Term, int) *expr.Term{expr.SExt, expr.ZExt} {
		orig := expr.Mul(ext(power, 64), x)
		rewritten := shifted(orig, exponent)
		if rewritten == nil {
			t.Fatalf("%s not rewritten", orig)
		}
		for sv := uint64(0); sv <= 34; sv++ {
			for _, xv := range []uint64{0, 1, 3, 1 << 40, 1 << 63, ^uint64(0), 0x123456789} {
				env := expr.MapEnv{"x": xv, "s": sv}
				want, _ := expr.Eval(orig, env)
				if got, err := expr.Eval(rewritten, env); err != nil || got != want {
					t.Fatalf("%s at x=%#x s=%d: %#x rewritten, %#x before", orig, xv, sv, got, want)
				}
			}
		}
	}
}

// TestShiftedPowersUseDefinitions checks that a variable a top-level
// assertion defines as a power of two is divided by as a shift, and that
// a query without powers of two is returned as is.
func TestShiftedPowersUseDefinitions(t *testing.T) {
	i := expr.Var("i", 32, expr.Instance)
	l, stage := expr.Var("seq_len", 32, expr.Shared), expr.Var("stage", 32, expr.Shared)
	def := expr.Eq(l, expr.Shl(expr.Const(1, 32), expr.Add(stage, expr.Const(1, 32))))
	q := &Query{Assertions: []*expr.Term{def, expr.Eq(expr.SDiv(i, l), expr.Const(3, 32))}}
	got := shiftedPowers(q)
	if got == q || !expr.Equal(got.Assertions[0], def) {
		t.Fatalf("assertions %v: want the definition kept and the quotient rewritten", got.Assertions)
	}
	expr.Inspect(got.Assertions[1], func(t2 *expr.Term) bool {
		if t2.Op == expr.OpSDiv {
			t.Errorf("quotient by seq_len left in %s", got.Assertions[1])
		}
		return true
	})
	plain := &Query{Assertions: []*expr.Term{expr.Eq(expr.SDiv(i, stage), expr.Const(3, 32))}}
	if shiftedPowers(plain) != plain {
		t.Error("a query without powers of two was rewritten")
	}
}
