package constraints

import (
	"math/rand"
	"testing"

	"hgrd/expr"
	"hgrd/internal/testkit"
	"hgrd/kernelanalysis"
)

// nwIndex returns nw's kernel index offset_r*max_cols + offset_c +
// (max_cols*16)*(blk-1-bx) + 16*bx + tx + (max_cols+1) + max_cols*ty, as
// clang writes it, for one side's bx, tx and ty.
func nwIndex(bx, tx, ty *expr.Term) *expr.Term {
	v := func(name string) *expr.Term { return expr.Var(name, 32, expr.Shared) }
	c := func(n int64) *expr.Term { return expr.Int(n, 32) }
	cols, blk := v("max_cols"), v("blk")
	base := expr.Add(expr.Mul(v("offset_r"), cols), v("offset_c"))
	tile := expr.Mul(expr.Mul(cols, c(16)), expr.Sub(expr.Sub(blk, c(1)), bx))
	i := expr.Add(expr.Add(expr.Add(base, tile), expr.Mul(c(16), bx)), tx)
	return expr.Add(expr.Add(i, expr.Add(cols, c(1))), expr.Mul(cols, ty))
}

func sideVars(side string) (bx, tx, ty *expr.Term) {
	v := func(name string) *expr.Term { return expr.Var(name+side, 32, expr.Shared) }
	return v("bx"), v("tx"), v("ty")
}

func TestRowSplitsReadTheRowLengthFirst(t *testing.T) {
	i1, i2 := nwIndex(sideVars("1")), nwIndex(sideVars("2"))
	splits := RowSplits(i1, i2)
	if len(splits) == 0 {
		t.Fatal("no reading of nw's index")
	}
	s := splits[0]
	if got := testkit.Term(s.Factor); got != "max_cols" {
		t.Errorf("first factor %s, want max_cols (the factor of most monomials)", got)
	}
	want := map[string]string{
		"row":    "(((-15 + offset_r) + (16 * blk)) + (-16 * bx1)) + ty1",
		"column": "((1 + offset_c) + (16 * bx1)) + tx1",
	}
	if got := testkit.Term(s.Rows[0]); got != "("+want["row"]+")" {
		t.Errorf("row %s, want %s", got, want["row"])
	}
	if got := testkit.Term(s.Columns[0]); got != "("+want["column"]+")" {
		t.Errorf("column %s, want %s", got, want["column"])
	}
}

// TestRowSplitsAreIdentities evaluates every reading at random values:
// each index is its row times the factor plus its column, modulo 2^32.
func TestRowSplitsAreIdentities(t *testing.T) {
	i1, i2 := nwIndex(sideVars("1")), nwIndex(sideVars("2"))
	rng := rand.New(rand.NewSource(1))
	names := []string{"max_cols", "blk", "offset_r", "offset_c", "bx1", "tx1", "ty1", "bx2", "tx2", "ty2"}
	for _, s := range RowSplits(i1, i2) {
		for range 200 {
			env := expr.MapEnv{}
			for _, n := range names {
				env[n] = uint64(rng.Uint32())
			}
			for side, index := range []*expr.Term{i1, i2} {
				recomposed := expr.Add(expr.Mul(s.Rows[side], s.Factor), s.Columns[side])
				if eval(t, index, env) != eval(t, recomposed, env) {
					t.Fatalf("factor %s, side %d: index != row*factor + column at %v", testkit.Term(s.Factor), side, env)
				}
			}
		}
	}
}

// TestRowSplitPremisesMakeEqualityExact checks the theorem a split
// states, over small values of a two-row plane: where both sides'
// premises hold, the indices are equal exactly when Equal holds.
func TestRowSplitPremisesMakeEqualityExact(t *testing.T) {
	v := func(name string) *expr.Term { return expr.Var(name, 32, expr.Shared) }
	n := v("n")
	index := func(x, y *expr.Term) *expr.Term { return expr.Add(expr.Mul(x, n), y) }
	i1, i2 := index(v("x1"), v("y1")), index(expr.Add(v("x2"), expr.Int(1, 32)), expr.Sub(v("y2"), expr.Int(2, 32)))
	var s *RowSplit
	for _, c := range RowSplits(i1, i2) {
		if expr.Equal(c.Factor, n) {
			s = &c
		}
	}
	if s == nil {
		t.Fatal("no reading by n")
	}
	checkSplitAtSmallValues(t, *s, i1, i2, "n", "x1", "y1", "x2", "y2")
}

// checkSplitAtSmallValues checks, at every assignment of small values
// (around 0 and around 2^32) to the named variables, that where both
// sides' premises of a split hold, the indices are equal exactly when
// its Equal holds; and that some assignment satisfies the premises.
func checkSplitAtSmallValues(t *testing.T, s RowSplit, i1, i2 *expr.Term, names ...string) {
	t.Helper()
	small := []uint64{0, 1, 2, 3, 0xfffffffe, 0xffffffff}
	checked := 0
	env := expr.MapEnv{}
	var assign func(k int)
	assign = func(k int) {
		if k < len(names) {
			for _, v := range small {
				env[names[k]] = v
				assign(k + 1)
			}
			return
		}
		if !holdsAll(t, s.Premises[0], env) || !holdsAll(t, s.Premises[1], env) {
			return
		}
		checked++
		if equal := eval(t, expr.Eq(i1, i2), env) == 1; equal != holdsAll(t, s.Equal(), env) {
			t.Fatalf("at %v the indices' equality is %v, the split's is not", env, equal)
		}
	}
	assign(0)
	if checked == 0 {
		t.Fatal("no value satisfies the premises")
	}
}

func TestRowSplitsReadAFactorOfOneSideAsRowZero(t *testing.T) {
	v := func(name string) *expr.Term { return expr.Var(name, 32, expr.Shared) }
	ny := v("ny")
	i1 := v("y1")
	i2 := expr.Add(v("y2"), expr.Mul(ny, v("k")))
	for _, s := range RowSplits(i1, i2) {
		if expr.Equal(s.Factor, ny) {
			if got := testkit.Term(s.Rows[0]); got != "0" {
				t.Errorf("row of the side without ny: %s, want 0", got)
			}
			return
		}
	}
	t.Error("no reading by ny, a factor of one side only")
}

func TestIndexEquationNeedsOneScaleAndBase(t *testing.T) {
	i := func(side int) *expr.Term { return expr.Var("i", 32, expr.PerThread) }
	four, eight := expr.Const(4, 64), expr.Const(8, 64)
	scaled := func(side int, base *expr.Term) *expr.Term {
		return expr.Add(base, expr.Mul(expr.SExt(expr.Instantiate(i(side), side), 64), four))
	}
	zero, field := expr.Const(0, 64), expr.Const(4, 64)
	cases := []struct {
		reason       string
		off1, off2   *expr.Term
		size1, size2 *expr.Term
		want         bool
	}{
		{"4-byte elements of one array", scaled(1, zero), scaled(2, zero), four, four, true},
		{"an access wider than an element", scaled(1, zero), scaled(2, zero), eight, four, false},
		{"two fields of one element", scaled(1, zero), scaled(2, field), four, four, false},
		{"a row's offset and a column added in 64 bits", expr.Add(scaled(1, zero), scaled(1, zero)), scaled(2, zero), four, four, true},
	}
	for _, c := range cases {
		q := &Query{First: &kernelanalysis.Access{}, Second: &kernelanalysis.Access{},
			Offset1: c.off1, Offset2: c.off2, size1: c.size1, size2: c.size2}
		if _, _, ok := q.IndexEquation(); ok != c.want {
			t.Errorf("%s: IndexEquation ok = %v, want %v", c.reason, ok, c.want)
		}
	}
	// 4*sext(i) + 8*sext(j) against 4*sext(k): element i + 2*j against k.
	q := &Query{Offset1: expr.Add(scaled(1, zero), expr.Mul(expr.SExt(expr.Var("j", 32, expr.Shared), 64), eight)),
		Offset2: scaled(2, zero), size1: four, size2: four}
	i1, _, ok := q.IndexEquation()
	if got := testkit.Term(i1); !ok || got != "(i#1 + (2 * j))" {
		t.Errorf("4*sext(i) + 8*sext(j): index %s (ok %v), want (i#1 + (2 * j))", got, ok)
	}
}

func TestWithRowsKeepsTheOverlapOfASymbolicBase(t *testing.T) {
	i := expr.Var("i", 32, expr.PerThread)
	four := expr.Const(4, 64)
	for _, c := range []struct {
		reason string
		base   *expr.Term
		keeps  bool
	}{
		{"constant base: the overlap is the equality of the indices", expr.Const(0, 64), false},
		{"a parameter's offset in its allocation", expr.Var("off", 64, expr.Shared), true},
	} {
		off := func(side int) *expr.Term {
			return expr.Add(c.base, expr.Mul(expr.SExt(expr.Instantiate(i, side), 64), four))
		}
		q := &Query{Offset1: off(1), Offset2: off(2), size1: four, size2: four}
		q.overlap = overlap(q.Offset1, four, q.Offset2, four)
		q.Assertions = []*expr.Term{q.overlap}
		fact := expr.Eq(expr.Instantiate(i, 1), expr.Instantiate(i, 2))
		r := q.WithRows([]*expr.Term{fact})
		kept := len(r.Assertions) == 2
		if kept != c.keeps {
			t.Errorf("%s: overlap kept = %v, want %v", c.reason, kept, c.keeps)
		}
	}
}

func eval(t *testing.T, term *expr.Term, env expr.MapEnv) uint64 {
	t.Helper()
	v, err := expr.Eval(term, env)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func holdsAll(t *testing.T, facts []*expr.Term, env expr.MapEnv) bool {
	t.Helper()
	for _, f := range facts {
		if eval(t, f, env) == 0 {
			return false
		}
	}
	return true
}

// TestDivisionLemmasHold evaluates the division lemmas at random values
// and at the edges (a zero divisor, the most negative dividend over -1):
// each is a theorem. Each dividend of a quotient and a remainder gets the
// identity, two dividends by one divisor the uniqueness of the pair, and
// each unsigned quotient and remainder its bound (divisionBounds).
func TestDivisionLemmasHold(t *testing.T) {
	x, y, n := expr.Var("x", 32, expr.Shared), expr.Var("y", 32, expr.Shared), expr.Var("n", 32, expr.Shared)
	assertion := expr.AllOf(
		expr.Eq(expr.UDiv(x, n), expr.URem(x, n)),
		expr.Eq(expr.SDiv(x, n), expr.SRem(x, n)),
		expr.Eq(expr.UDiv(y, n), expr.URem(y, n)))
	lemmas := divisionLemmas(divisions([]*expr.Term{assertion}))
	if len(lemmas) != 4 {
		t.Fatalf("%d lemmas, want 4 (three identities, the unsigned pair's uniqueness)", len(lemmas))
	}
	bounds := divisionBounds(divisions([]*expr.Term{assertion}))
	if len(bounds) != 4 {
		t.Fatalf("%d bounds, want 4 (the unsigned quotients and remainders of x and y)", len(bounds))
	}
	lemmas = append(lemmas, bounds...)
	if l := divisionLemmas(divisions([]*expr.Term{expr.Eq(expr.UDiv(x, n), expr.SRem(x, n))})); len(l) != 0 {
		t.Errorf("an unsigned quotient and a signed remainder: %d lemmas, want none", len(l))
	}
	eight := expr.Const(8, 32)
	constant := []*expr.Term{expr.Eq(expr.UDiv(x, eight), expr.URem(x, eight))}
	if l := append(divisionLemmas(divisions(constant)), divisionBounds(divisions(constant))...); len(l) != 0 {
		t.Errorf("a constant divisor: %d lemmas, want none", len(l))
	}
	rng := rand.New(rand.NewSource(2))
	values := [][3]uint64{{7, 7, 0}, {7, 9, 0}, {0x80000000, 0x80000000, 0xffffffff}, {5, 6, 0xffffffff}, {0xfffffff9, 0xfffffffa, 3}}
	for range 500 {
		n := uint64(rng.Uint32() >> rng.Intn(32))
		x := uint64(rng.Uint32())
		values = append(values, [3]uint64{x, uint64(rng.Uint32()), n}, [3]uint64{x, x, n})
	}
	for _, v := range values {
		env := expr.MapEnv{"x": v[0], "y": v[1], "n": v[2]}
		if !holdsAll(t, lemmas, env) {
			t.Fatalf("a division lemma fails at x=%#x y=%#x n=%#x", v[0], v[1], v[2])
		}
	}
}

func TestRowSplitsDivideByASumRowLength(t *testing.T) {
	v := func(name string) *expr.Term { return expr.Var(name, 32, expr.Shared) }
	nx, nz := v("nx"), v("nz")
	i1 := planeIndex(v("ll1"), v("k1"), v("i1"), nx, nz)
	i2 := planeIndex(v("ll2"), v("k2"), v("i2"), nx, nz)
	splits := RowSplits(i1, i2)
	if len(splits) == 0 {
		t.Fatal("no reading of a plane index")
	}
	s := splits[0]
	if got := testkit.Term(s.Factor); got != "(nx + 1)" {
		t.Fatalf("first row length %s, want (nx + 1)", got)
	}
	if got := testkit.Term(s.Columns[0]); got != "i1" {
		t.Errorf("column %s, want i1", got)
	}
	// The row, ll1*nz + ll1 + k1, is read by the plane's nz + 1, a length
	// of the index it came from.
	for _, r := range RowSplits(s.Rows[0], s.Rows[1], RowLengths(i1, i2)...) {
		if testkit.Term(r.Factor) == "(nz + 1)" {
			if got := testkit.Term(r.Rows[0]) + " " + testkit.Term(r.Columns[0]); got != "ll1 k1" {
				t.Errorf("row and column of the row %s, want ll1 k1", got)
			}
			return
		}
	}
	t.Errorf("no reading of the row %s by (nz + 1)", testkit.Term(s.Rows[0]))
}

func TestRowLengthsAreLaunchWideAndUnfixed(t *testing.T) {
	tid := func(side int) *expr.Term { return expr.Instantiate(expr.Var("tid", 32, expr.PerThread), side) }
	if ls := RowLengths(tid(1), tid(2)); len(ls) != 0 {
		t.Errorf("tid#1 against tid#2: row lengths %d, want none (a thread's own value is no row length)", len(ls))
	}
	// cols*row + tid with cols fixed to 64 by a fact: no unknown row length.
	cols, row := expr.Var("cols", 32, expr.Shared), expr.Var("row", 32, expr.PerThread)
	index := func(side int) *expr.Term {
		return expr.Instantiate(expr.Add(expr.Mul(cols, row), expr.Var("tid", 32, expr.PerThread)), side)
	}
	four := expr.Const(4, 64)
	off := func(side int) *expr.Term { return expr.Mul(expr.SExt(index(side), 64), four) }
	q := &Query{Offset1: off(1), Offset2: off(2), size1: four, size2: four}
	q.sides[0] = []*expr.Term{expr.Eq(cols, expr.Const(64, 32))}
	i1, i2, ok := q.IndexEquation()
	if !ok {
		t.Fatal("no index equation")
	}
	if splits := RowSplits(i1, i2); len(splits) != 0 {
		t.Errorf("cols fixed to 64: %d readings by %s, want none", len(splits), testkit.Term(splits[0].Factor))
	}
}

// TestRowSplitsBorrowARowForALastColumn reads a periodic boundary's last
// column: z1*n + (n - 1) divides by n as row z1 + 1, column -1, whose
// premises never hold; the reading that borrows a row, z1 and n - 1,
// is the one whose premises hold where the column is in its row. Every
// reading is an identity, and where its premises hold, its Equal is the
// indices' equality.
func TestRowSplitsBorrowARowForALastColumn(t *testing.T) {
	v := func(name string) *expr.Term { return expr.Var(name, 32, expr.Shared) }
	n := v("n")
	i1 := expr.Add(expr.Mul(v("z1"), n), expr.Sub(n, expr.Int(1, 32)))
	i2 := expr.Add(expr.Mul(v("z2"), n), v("y2"))
	rng := rand.New(rand.NewSource(1))
	var borrowed *RowSplit
	for _, s := range RowSplits(i1, i2) {
		for range 100 {
			env := expr.MapEnv{"n": uint64(rng.Uint32()), "z1": uint64(rng.Uint32()), "z2": uint64(rng.Uint32()), "y2": uint64(rng.Uint32())}
			for side, index := range []*expr.Term{i1, i2} {
				if eval(t, index, env) != eval(t, expr.Add(expr.Mul(s.Rows[side], s.Factor), s.Columns[side]), env) {
					t.Fatalf("side %d: index != row*factor + column at %v", side, env)
				}
			}
		}
		if testkit.Term(s.Rows[0]) == "z1" && testkit.Term(s.Rows[1]) == "z2" {
			borrowed = &s
		}
	}
	if borrowed == nil {
		t.Fatal("no reading with row z1 (column n - 1) against row z2")
	}
	if got := testkit.Term(borrowed.Columns[0]); got != "(-1 + n)" {
		t.Errorf("column %s, want (-1 + n)", got)
	}
	checkSplitAtSmallValues(t, *borrowed, i1, i2, "n", "z1", "z2", "y2")
}

// TestExactIndexOfAnUnsignedRow checks that the premise that an
// unsigned row-major index is its integer can be stated when its
// products are of a block's or thread's index with an unknown: CUDA's
// limits bound blockIdx.y below 65535, so 4*blockIdx.y*n has a 64-bit
// reading whatever n is. The same index over unknowns of no role has
// none (4*y*n may be 2^64).
func TestExactIndexOfAnUnsignedRow(t *testing.T) {
	n := expr.Var("n", 32, expr.Shared)
	index := func(by, ty, bx, tx *expr.Term) *expr.Term {
		row := expr.Add(expr.Mul(by, expr.Int(4, 32)), ty)
		return expr.Add(expr.Add(expr.Mul(row, n), expr.Mul(bx, expr.Int(16, 32))), tx)
	}
	at := expr.NewAtomTable()
	cuda := index(kernelanalysis.BlockIdx(1), kernelanalysis.ThreadIdx(1), kernelanalysis.BlockIdx(0), kernelanalysis.ThreadIdx(0))
	p, ok := at.Poly(cuda)
	if !ok || !fits64(at, p) {
		t.Errorf("%s: no exact 64-bit reading", testkit.Term(cuda))
	}
	v := func(name string) *expr.Term { return expr.Var(name, 32, expr.PerThread) }
	plain := index(v("y"), v("ty"), v("x"), v("tx"))
	q, ok := at.Poly(plain)
	if !ok || fits64(at, q) {
		t.Errorf("%s: an exact 64-bit reading of unknowns of no role", testkit.Term(plain))
	}
}
