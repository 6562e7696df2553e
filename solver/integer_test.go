package solver

import (
	"testing"

	"hgrd/expr"
)

// noSignedWrap is the IR's "nsw" promise about op(x, y), as the kernel
// analysis states it: computed in 64 bits, the result fits in 32.
func noSignedWrap(op func(a, b *expr.Term) *expr.Term, x, y *expr.Term) *expr.Term {
	wide := op(expr.SExt(x, 64), expr.SExt(y, 64))
	return expr.Eq(expr.SExt(expr.Trunc(wide, 32), 64), wide)
}

// rowMajorQuery is copyUppToLow's write-write query (HGRD paper, figure
// 1), with the row-major lemma: thread (i, j) with i < j < rows writes A[j*cols + i], rows and cols
// are unknown host values, and the host asserts rows == cols. Two
// different threads never write the same element: unsat. Without the
// assert (square false) they can: sat.
func rowMajorQuery(square bool) *Query {
	rows, cols := v32("rows"), v32("cols")
	var conds []*expr.Term
	if square {
		conds = append(conds, expr.Eq(rows, cols))
	}
	index := func(side string) (i, j *expr.Term) {
		bx, by := threadVar("ctaid.x"+side), threadVar("ctaid.y"+side)
		tx, ty := threadVar("tid.x"+side), threadVar("tid.y"+side)
		grid := expr.SDiv(expr.Add(cols, c32(15)), c32(16))
		conds = append(conds, expr.ULe(c32(1), grid), expr.ULe(grid, c32(1<<31-1)), // launch limits
			expr.ULt(tx, c32(16)), expr.ULt(ty, c32(16)),
			expr.ULt(bx, grid), expr.ULt(by, grid), noSignedWrap(expr.Add, cols, c32(15)))
		i = expr.Add(expr.Mul(bx, c32(16)), tx)
		j = expr.Add(expr.Mul(by, c32(16)), ty)
		row := expr.Mul(j, cols)
		conds = append(conds, expr.SLt(i, j), expr.SLt(j, rows),
			noSignedWrap(expr.Mul, j, cols), noSignedWrap(expr.Add, row, i))
		return i, j
	}
	i1, j1 := index("#1")
	i2, j2 := index("#2")
	// The row-major lemma the constraints package adds, over 64-bit
	// products where nothing wraps.
	n := sext(cols)
	inRow := func(y *expr.Term) *expr.Term { return expr.AllOf(expr.SLe(c64(0), sext(y)), expr.SLt(sext(y), n)) }
	wideIndex := func(x, y *expr.Term) *expr.Term { return expr.Add(expr.Mul(sext(x), n), sext(y)) }
	conds = append(conds, expr.Implies(
		expr.AllOf(expr.Eq(wideIndex(j1, i1), wideIndex(j2, i2)), inRow(i1), inRow(i2)),
		expr.AllOf(expr.Eq(j1, j2), expr.Eq(i1, i2))))
	conds = append(conds,
		expr.Eq(sext(expr.Add(expr.Mul(j1, cols), i1)), sext(expr.Add(expr.Mul(j2, cols), i2))),
		expr.Not(expr.AllOf(expr.Eq(i1, i2), expr.Eq(j1, j2))))
	return &Query{Assertions: conds}
}

// TestIntegerEncodingDecidesProducts checks that the integer encoding
// proves the row-major query unsat, and that the planned attempts (its
// small-value probe) find the race without the assert, with a model that
// holds under expr.Eval.
func TestIntegerEncodingDecidesProducts(t *testing.T) {
	for _, tc := range []struct {
		square bool
		only   encodingKind
		want   Status
	}{{true, integerEncoding, Unsat}, {false, anyEncoding, Sat}} {
		s := New(DefaultBudget)
		s.only = tc.only
		r, err := s.Check(rowMajorQuery(tc.square))
		s.Close()
		if err != nil {
			t.Fatal(err)
		}
		if r.Status != tc.want {
			t.Errorf("square=%v: %v (%s), want %v", tc.square, r.Status, r.Reason, tc.want)
			continue
		}
		if r.Status == Sat {
			if err := modelError(rowMajorQuery(tc.square), r); err != nil {
				t.Error(err)
			}
		}
	}
}

// TestWrapVariablesShared checks that reading one sum twice at one width
// and signedness uses one wrap variable, so that a fact about it (the
// "nsw" promise) constrains every use.
func TestWrapVariablesShared(t *testing.T) {
	s := New(0)
	defer s.Close()
	x, y := v32("x"), v32("y")
	q := &Query{Assertions: []*expr.Term{expr.SLt(expr.Add(x, y), c32(0))}}
	tr := newIntTranslator(s.ctx, q)
	sum := expr.Add(x, y)
	a, b := tr.view(sum, true), tr.view(expr.Add(x, y), true)
	if a.e.AsAST().ID() != b.e.AsAST().ID() {
		t.Errorf("two readings of x+y: %v and %v", a.e, b.e)
	}
	if len(tr.defs) != 2+2+5 { // two variables' ranges, one wrap
		t.Errorf("%d definitions, want 9", len(tr.defs))
	}
}

// TestBoundedVariablesNeedNoWrap checks that a thread index bounded by
// the block size is one integer whose signed and unsigned readings are
// itself.
func TestBoundedVariablesNeedNoWrap(t *testing.T) {
	s := New(0)
	defer s.Close()
	tid, ntid := v32("tid.x"), v32("ntid.x")
	q := &Query{Assertions: []*expr.Term{expr.ULt(tid, ntid), expr.ULe(ntid, c32(1024))}}
	tr := newIntTranslator(s.ctx, q)
	u, sv := tr.view(tid, false), tr.view(tid, true)
	if u.e.AsAST().ID() != sv.e.AsAST().ID() {
		t.Errorf("readings of a bounded index differ: %v and %v", u.e, sv.e)
	}
	if got := tr.bounds["tid.x"]; got != 1023 {
		t.Errorf("bound of tid.x = %d, want 1023", got)
	}
}

// TestGuardedCounterNeedsNoWrap checks that a loop counter that a guard
// bounds through fixed host values, (kps - 1) + k <= kpe - 1 with
// kps = 1 and kpe = 3, is declared within [0, 2], so that its product
// with a row length needs no wrap variable: only the two variables'
// ranges are defined.
func TestGuardedCounterNeedsNoWrap(t *testing.T) {
	s := New(0)
	defer s.Close()
	k, kps, kpe := v32("k"), v32("kps"), v32("kpe")
	q := &Query{Assertions: []*expr.Term{
		expr.Eq(kps, c32(1)), expr.Eq(kpe, c32(3)), expr.ULe(c32(0), k),
		expr.SLe(expr.Add(expr.Sub(kps, c32(1)), k), expr.Sub(kpe, c32(1))),
		expr.SLe(c32(0), k),
	}}
	tr := newIntTranslator(s.ctx, q)
	tr.view(expr.Mul(k, c32(60)), true)
	if len(tr.defs) != 2 {
		t.Errorf("%d definitions, want 2 (k's range, no wrap)", len(tr.defs))
	}
	if r := tr.vars["k"].iv; r.lo.Int64() != 0 || r.hi.Int64() != 2 {
		t.Errorf("k's range [%v, %v], want [0, 2]", r.lo, r.hi)
	}
}
