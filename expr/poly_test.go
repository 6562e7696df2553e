package expr

import (
	"math"
	"testing"
)

// TestPoly checks the polynomial normal form: a row-major index written
// three ways has one polynomial, a shift by a constant is a product, an
// operation that is no arithmetic is an atom, and a coefficient outside
// int64 makes no polynomial.
func TestPoly(t *testing.T) {
	row, cols, col := Var("row", 32, Shared), Var("cols", 32, Shared), Var("col", 32, Shared)
	at := NewAtomTable()
	forms := []*Term{
		Add(Mul(row, cols), col),
		Add(col, Mul(cols, row)),
		Sub(Add(Mul(Add(row, Const(1, 32)), cols), col), cols),
	}
	first, ok := at.Poly(forms[0])
	if !ok || len(first.Monos) != 2 {
		t.Fatalf("row*cols + col: %v, %v", first, ok)
	}
	for _, f := range forms[1:] {
		p, ok := at.Poly(f)
		d, okD := p.Plus(first, -1)
		if !ok || !okD || !d.IsZero() {
			t.Errorf("%s: %v, not row*cols + col", f, p)
		}
	}
	shifted, _ := at.Poly(Shl(row, Const(4, 32)))
	sixteen, _ := at.Poly(Mul(Const(16, 32), row))
	if d, ok := shifted.Plus(sixteen, -1); !ok || !d.IsZero() {
		t.Errorf("row << 4 is %v, not 16*row", shifted)
	}
	if q, _ := at.Poly(UDiv(row, cols)); len(q.Monos) != 1 || len(q.Monos[0].Atoms) != 1 {
		t.Errorf("row / cols is %v, not one atom", q)
	}
	big := Const(uint64(math.MaxInt64), 64)
	if _, ok := at.Poly(Mul(big, Mul(big, Var("x", 64, Shared)))); ok {
		t.Error("a coefficient outside int64 made a polynomial")
	}
}
