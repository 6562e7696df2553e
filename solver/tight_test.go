package solver

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"hgrd/expr"
)

// TestTightWidthsApply checks which operations the bounds of a thread
// index and a block size shrink: their quotient, remainder and product,
// a signed division of values that cannot be negative, but not a
// division of an unbounded value, nor a signed one of a value that may be
// negative.
func TestTightWidthsApply(t *testing.T) {
	tid, ntid, n := expr.Var("tid.x", 32, expr.Shared), expr.Var("ntid.x", 32, expr.Shared), expr.Var("n", 32, expr.Shared)
	tight := newTightness([]*expr.Term{
		expr.ULe(ntid, expr.Const(1024, 32)),
		expr.ULt(tid, ntid),
	})
	cases := []struct {
		term *expr.Term
		want int
	}{
		{raw(expr.OpUDiv, 32, tid, ntid), 11},
		{raw(expr.OpURem, 32, tid, raw(expr.OpUDiv, 32, ntid, expr.Const(4, 32))), 10},
		{raw(expr.OpSDiv, 32, tid, expr.Const(12, 32)), 10},
		{raw(expr.OpSRem, 32, tid, raw(expr.OpSDiv, 32, ntid, expr.Const(8, 32))), 10},
		{raw(expr.OpMul, 32, tid, ntid), 20},
		{raw(expr.OpUDiv, 32, n, ntid), 0},
		{raw(expr.OpSDiv, 32, raw(expr.OpSub, 32, tid, ntid), ntid), 0},
		{raw(expr.OpMul, 32, tid, n), 0},
	}
	for _, c := range cases {
		if got := tight.width(c.term); got != c.want {
			t.Errorf("width(%s) = %d, want %d", c.term, got, c.want)
		}
	}
	if newTightness([]*expr.Term{expr.ULt(tid, n)}) != nil {
		t.Errorf("bounds found where no variable is bounded by a constant")
	}
}

// TestTightWidthsDifferential checks bit-vector models of random queries
// over bounded variables, where divisions, remainders and products are
// encoded at tight widths, with expr.Eval: each asks for the value a
// random assignment within the bounds gives a random term, so it is sat,
// and every model must give every observed term Eval's value.
func TestTightWidthsDifferential(t *testing.T) {
	settleZ3Memory(t)
	s := New(2_000_000)
	s.only = bitVectorEncoding
	defer s.Close()
	const cases = 150
	undecided, tightened := 0, 0
	for i := range cases {
		g := &termGen{r: rand.New(rand.NewPCG(7, uint64(i)))}
		bounds := map[string]uint64{}
		var assertions []*expr.Term
		for _, w := range diffWidths[2:] {
			for k := range 3 {
				name := fmt.Sprintf("v%d_%d", w, k)
				bounds[name] = g.r.Uint64N(1 << uint(g.r.IntN(12)))
				assertions = append(assertions, expr.ULe(expr.Var(name, w, expr.Shared), expr.Const(bounds[name], w)))
			}
		}
		env := boundedEnv{randomEnv{seed: uint64(i)}, bounds}
		w := diffWidths[2+g.r.IntN(len(diffWidths)-2)]
		term := g.arithmetic(w, 3)
		c, err := expr.Eval(term, env)
		if err != nil {
			t.Fatalf("case %d: Eval(%s): %v", i, term, err)
		}
		q := &Query{Assertions: append(assertions, expr.Eq(term, expr.Const(c, w))), Observe: []*expr.Term{term, g.arithmetic(w, 2)}}
		if newTightness(q.Assertions).tightens(term) {
			tightened++
		}
		r, err := s.Check(q)
		switch {
		case err != nil:
			t.Errorf("case %d: %v", i, err)
		case r.Status == Sat:
			if err := modelError(q, r); err != nil {
				t.Errorf("case %d: %v", i, err)
			}
		case r.Status == Unsat:
			t.Errorf("case %d: unsat, but an assignment within the bounds gives %s the value %d", i, term, c)
		default:
			undecided++
		}
	}
	if tightened < cases/3 {
		t.Errorf("only %d of %d queries have a term at a tight width", tightened, cases)
	}
	if undecided > cases/20 {
		t.Errorf("%d of %d queries undecided", undecided, cases)
	}
}

// arithmetic returns a random term of width w whose operators are mostly
// divisions, remainders and products, over the variables and constants
// of termGen.
func (g *termGen) arithmetic(w, depth int) *expr.Term {
	if depth == 0 || g.r.IntN(6) == 0 {
		return g.leaf(w)
	}
	ops := []expr.Op{expr.OpUDiv, expr.OpSDiv, expr.OpURem, expr.OpSRem, expr.OpMul, expr.OpAdd, expr.OpAnd, expr.OpLShr}
	op := ops[g.r.IntN(len(ops))]
	return raw(op, w, g.arithmetic(w, depth-1), g.arithmetic(w, depth-1))
}

// boundedEnv is a random assignment whose variables stay within bounds.
type boundedEnv struct {
	randomEnv
	bounds map[string]uint64
}

func (e boundedEnv) Var(name string) (uint64, bool) {
	v := e.value(name)
	if hi, ok := e.bounds[name]; ok {
		v %= hi + 1
	}
	return v, true
}
