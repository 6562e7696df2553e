package solver

import (
	"math/rand/v2"
	"testing"

	"github.com/aclements/go-z3/z3"

	"hgrd/expr"
)

// wideningProducts returns, for operands of width w, the translation of
// sext(a)*sext(b) through zero extensions and Z3's own product of the sign
// extensions, over variables a and b.
func wideningProducts(t *testing.T, ctx *z3.Context, w int) (widened, native z3.BV, a, b z3.BV) {
	t.Helper()
	tr := newTranslator(ctx)
	va, vb := expr.Var("a", w, expr.Shared), expr.Var("b", w, expr.Shared)
	product := &expr.Term{Op: expr.OpMul, Width: 2 * w, Args: []*expr.Term{expr.SExt(va, 2*w), expr.SExt(vb, 2*w)}}
	widened, ok := tr.wideningMul(product)
	if !ok {
		t.Fatalf("width %d: not translated as a widening product", w)
	}
	native = tr.bv(product.Args[0]).Mul(tr.bv(product.Args[1]))
	return widened, native, tr.bv(va), tr.bv(vb)
}

// TestWideningMulIsTheProduct proves, for small operand widths, that the
// two products are equal for every a and b (a proof at 32 bits is out of a
// SAT solver's reach), and checks 32-bit operands on edge and random
// values.
func TestWideningMulIsTheProduct(t *testing.T) {
	for _, w := range []int{3, 6, 8} {
		ctx := z3.NewContext(nil)
		widened, native, _, _ := wideningProducts(t, ctx, w)
		s := z3.NewSolver(ctx)
		s.Assert(widened.NE(native))
		if sat, err := s.Check(); err != nil || sat {
			t.Errorf("width %d: the two products differ (sat=%v, err=%v)", w, sat, err)
		}
	}
	ctx := z3.NewContext(nil)
	widened, native, a, b := wideningProducts(t, ctx, 32)
	values := []int64{0, 1, -1, 2, -2, 1 << 30, -1 << 31, 1<<31 - 1, 46341, -46341}
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 20; i++ {
		values = append(values, int64(int32(r.Uint32())))
	}
	sort32 := ctx.BVSort(32)
	for _, x := range values {
		for _, y := range values[:10] {
			s := z3.NewSolver(ctx)
			s.Assert(a.Eq(ctx.FromInt(x, sort32).(z3.BV)))
			s.Assert(b.Eq(ctx.FromInt(y, sort32).(z3.BV)))
			s.Assert(widened.NE(native))
			if sat, err := s.Check(); err != nil || sat {
				t.Errorf("%d * %d: the two products differ (sat=%v, err=%v)", x, y, sat, err)
			}
		}
	}
}
