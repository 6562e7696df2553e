package symbolic

import (
	"math/big"
	"math/rand"
	"testing"

	"hgrd/expr"
)

// wraps reports whether op's exact result on x and y, read as signed or
// unsigned numbers of width w, leaves that width's range.
func wraps(op func(a, b *big.Int) *big.Int, x, y uint64, w int, signed bool) bool {
	read := func(v uint64) *big.Int {
		b := new(big.Int).SetUint64(v & expr.Mask(w))
		if signed && v>>(w-1)&1 == 1 {
			b.Sub(b, new(big.Int).Lsh(big.NewInt(1), uint(w)))
		}
		return b
	}
	r := op(read(x), read(y))
	lo, hi := big.NewInt(0), new(big.Int).Lsh(big.NewInt(1), uint(w))
	if signed {
		lo = new(big.Int).Neg(new(big.Int).Lsh(big.NewInt(1), uint(w-1)))
		hi = new(big.Int).Lsh(big.NewInt(1), uint(w-1))
	}
	return r.Cmp(lo) < 0 || r.Cmp(hi) >= 0
}

// interesting returns values near the edges of a width's ranges, and
// random ones.
func interesting(r *rand.Rand, w int) uint64 {
	edges := []uint64{0, 1, 2, 3, expr.Mask(w), expr.Mask(w) - 1, 1 << (w - 1), 1<<(w-1) - 1, 1<<(w-1) + 1, 1 << (w - 2), 1 << (w / 2)}
	if r.Intn(2) == 0 {
		return edges[r.Intn(len(edges))] & expr.Mask(w)
	}
	return r.Uint64() >> (64 - w) >> uint(r.Intn(w))
}

// TestWideNoWrapMatchesExactArithmetic checks the no-wrap conditions of
// wide additions, subtractions and products by a constant against exact
// integer arithmetic, signed and unsigned, on 64 and 48 bits.
func TestWideNoWrapMatchesExactArithmetic(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	ops := []struct {
		name  string
		exact func(a, b *big.Int) *big.Int
		cond  func(x, y *expr.Term, signed bool) *expr.Term
	}{
		{"add", func(a, b *big.Int) *big.Int { return new(big.Int).Add(a, b) }, addNoWrap},
		{"sub", func(a, b *big.Int) *big.Int { return new(big.Int).Sub(a, b) }, subNoWrap},
		{"mul", func(a, b *big.Int) *big.Int { return new(big.Int).Mul(a, b) }, func(x, y *expr.Term, signed bool) *expr.Term {
			return MulConstNoWrap(x, y.Value, signed)
		}},
	}
	for _, w := range []int{64, 48} {
		x := expr.Var("x", w, expr.Instance)
		for _, op := range ops {
			for _, signed := range []bool{true, false} {
				for i := 0; i < 4000; i++ {
					xv, yv := interesting(r, w), interesting(r, w)
					var y *expr.Term = expr.Const(yv, w)
					if op.name != "mul" {
						y = expr.Var("y", w, expr.Instance)
					}
					got, err := expr.Eval(op.cond(x, y, signed), expr.MapEnv{"x": xv, "y": yv})
					if err != nil {
						t.Fatal(err)
					}
					if want := !wraps(op.exact, xv, yv, w, signed); (got == 1) != want {
						t.Fatalf("%s (signed %v, %d bits) of %#x and %#x: condition says no wrap %v, exact arithmetic %v", op.name, signed, w, xv, yv, got == 1, want)
					}
				}
			}
		}
	}
}

// TestMulConstNoWrapTrustsNarrowerValues checks that a product of a
// 32-bit value's extension by a small constant needs no condition.
func TestMulConstNoWrapTrustsNarrowerValues(t *testing.T) {
	x := expr.Var("x", 32, expr.Instance)
	for _, ext := range []func(*expr.Term, int) *expr.Term{expr.ZExt, expr.SExt} {
		if c := MulConstNoWrap(ext(x, 64), 8, true); !c.IsTrue() {
			t.Errorf("%s times 8: condition %s, want none", ext(x, 64), c)
		}
	}
	if c := MulConstNoWrap(expr.Var("i", 64, expr.Instance), 8, true); c.IsTrue() {
		t.Error("a 64-bit index times 8 needs a condition")
	}
}
