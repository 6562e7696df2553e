package constraints

import (
	"testing"

	"hgrd/expr"
)

// planeIndex returns ll*(nz+1)*(nx+1) + k*(nx+1) + i in 32 bits, the
// index of miniWeather's fluxes, as clang writes it: the products apart.
func planeIndex(ll, k, i, nx, nz *expr.Term) *expr.Term {
	one := expr.Const(1, 32)
	row := expr.Add(nx, one)
	return expr.Add(expr.Add(expr.Mul(expr.Mul(ll, expr.Add(nz, one)), row), expr.Mul(k, row)), i)
}

func TestGroupedRadicesGatherRows(t *testing.T) {
	v := func(name string) *expr.Term { return expr.Var(name, 32, expr.Shared) }
	ll, k, i, nx, nz := v("ll"), v("k"), v("i"), v("nx"), v("nz")
	rs := groupedRadices(planeIndex(ll, k, i, nx, nz))
	row := expr.Add(nx, expr.Const(1, 32))
	for _, r := range rs {
		if expr.Equal(r.n, row) && expr.Equal(r.y, i) && expr.Equal(r.x, expr.Add(expr.SExt(expr.Mul(ll, expr.Add(nz, expr.Const(1, 32))), 64), expr.SExt(k, 64))) {
			return
		}
	}
	t.Errorf("no reading (ll*(nz+1) + k)*(nx+1) + i among %d grouped readings", len(rs))
}

func TestNoGroupOfOneProduct(t *testing.T) {
	v := func(name string) *expr.Term { return expr.Var(name, 32, expr.Shared) }
	if rs := groupedRadices(expr.Add(expr.Mul(v("x"), v("n")), v("y"))); len(rs) != 0 {
		t.Errorf("x*n + y: %d grouped readings, want none (sumRadices reads it)", len(rs))
	}
}

// TestRadixLemmasHold evaluates the lemmas of two plane indices at every
// small value: each must hold, whatever the values.
func TestRadixLemmasHold(t *testing.T) {
	v := func(name string) *expr.Term { return expr.Var(name, 32, expr.Shared) }
	nx, nz := v("nx"), v("nz")
	off1 := planeIndex(v("ll1"), v("k1"), v("i1"), nx, nz)
	off2 := planeIndex(v("ll2"), v("k2"), v("i2"), nx, nz)
	// Three rows of nx elements each: a sum of three cofactors, which
	// can wrap.
	three := func(a, b, c, y *expr.Term) *expr.Term {
		return expr.Add(expr.Add(expr.Add(expr.Mul(a, nx), expr.Mul(b, nx)), expr.Mul(c, nx)), y)
	}
	lemmas := radixLemmas(off1, off2)
	lemmas = append(lemmas, radixLemmas(three(v("ll1"), v("k1"), v("nz"), v("i1")), three(v("ll2"), v("k2"), v("k1"), v("i2")))...)
	lemmas = append(lemmas, radixLemmas(three(v("ll1"), v("k1"), v("nz"), v("i1")), off2)...)
	grouped := len(radixLemmas(off1, off2)) - len(radixLemmasOneProduct(off1, off2))
	if grouped <= 0 {
		t.Fatalf("%d lemmas, none from grouped readings", len(lemmas))
	}
	vals := []uint64{0, 1, 0x7fffffff, 0x80000000}
	env := expr.MapEnv{}
	count := 0
	var try func(names []string)
	try = func(names []string) {
		if len(names) == 0 {
			for _, l := range lemmas {
				got, err := expr.Eval(l, env)
				if err != nil || got != 1 {
					t.Fatalf("lemma %s is %d (%v) at %v", l, got, err, env)
				}
			}
			count++
			return
		}
		vs := vals
		if names[0][0] == 'i' {
			vs = vals[:2] // a column beyond 1 meets no new case
		}
		for _, x := range vs {
			env[names[0]] = x
			try(names[1:])
		}
	}
	try([]string{"nx", "nz", "ll1", "k1", "i1", "ll2", "k2", "i2"})
	if count != 1<<14 {
		t.Errorf("%d assignments evaluated", count)
	}
}

// radixLemmasOneProduct returns the lemmas of readings of one product
// each, as radixLemmas made them before grouped readings.
func radixLemmasOneProduct(off1, off2 *expr.Term) []*expr.Term {
	var lemmas []*expr.Term
	for _, r1 := range radices(off1) {
		for _, r2 := range radices(off2) {
			if expr.Equal(r1.n, r2.n) && len(lemmas) < maxRadixLemmas {
				lemmas = append(lemmas, radixLemma(r1, r2))
			}
		}
	}
	return lemmas
}

// TestPlaneLemma checks the lemma miniWeather's overlap queries need:
// the thread at row k1 of plane 0 and the thread at row k2 of plane 3
// meet only if k1 = 3*(nz+1) + k2, which the rows' bounds rule out in
// linear arithmetic. Given it, the solver decided in 0.15M units such a
// query it had not decided in 10M.
func TestPlaneLemma(t *testing.T) {
	v := func(name string) *expr.Term { return expr.Var(name, 32, expr.Shared) }
	nx, nz := v("nx"), v("nz")
	k1, k2, i1, i2 := v("k1"), v("k2"), v("i1"), v("i2")
	c := func(n uint64) *expr.Term { return expr.Const(n, 32) }
	off1 := expr.Add(expr.Mul(k1, expr.Add(nx, c(1))), i1)
	off2 := planeIndex(c(3), k2, i2, nx, nz)
	row := expr.Add(nx, c(1))
	plane := expr.Mul(c(3), expr.Add(nz, c(1)))
	want := radixLemma(radix{x: k1, n: row, y: i1}, radix{x: expr.Add(expr.SExt(plane, 64), expr.SExt(k2, 64)), n: row, y: i2, rows: []*expr.Term{plane, k2}})
	for _, l := range radixLemmas(off1, off2) {
		if expr.Equal(l, want) {
			return
		}
	}
	t.Errorf("no lemma %s", want)
}

// TestWideRadixLemmasHold evaluates the lemmas of 64-bit row-major
// indices, rows of a * b elements (a grid-stride loop's blockDim.x *
// gridDim.x), at values whose products wrap 64 bits: each must hold.
// Without the bounds of exact, some of these values make equal indices
// of different rows, and the test fails.
func TestWideRadixLemmasHold(t *testing.T) {
	v := func(name string) *expr.Term { return expr.ZExt(expr.Var(name, 32, expr.Shared), 64) }
	n := expr.Mul(v("a"), v("b"))
	off1 := expr.Add(expr.Mul(v("x1"), n), v("y1"))
	off2 := expr.Add(expr.Mul(v("x2"), n), v("y2"))
	lemmas := radixLemmas(off1, off2)
	if len(lemmas) == 0 {
		t.Fatal("no lemma for two 64-bit row-major indices")
	}
	vals := []uint64{0, 1, 2, 1<<31 - 1, 1 << 31, 1<<32 - 1}
	names := []string{"a", "b", "x1", "y1", "x2", "y2"}
	env := expr.MapEnv{}
	var try func(i int)
	try = func(i int) {
		if i == len(names) {
			for _, l := range lemmas {
				if got, err := expr.Eval(l, env); err != nil || got != 1 {
					t.Fatalf("lemma %s is %d (%v) at %v", l, got, err, env)
				}
			}
			return
		}
		for _, x := range vals {
			env[names[i]] = x
			try(i + 1)
		}
	}
	try(0)
}

// TestNoWideLemmaOfWideRows checks that a 64-bit row length that is not
// a widened 32-bit value (a pitch) gets no lemma.
func TestNoWideLemmaOfWideRows(t *testing.T) {
	v := func(name string) *expr.Term { return expr.Var(name, 64, expr.Shared) }
	pitch := v("pitch")
	if l := radixLemmas(expr.Add(expr.Mul(v("y1"), pitch), v("x1")), expr.Add(expr.Mul(v("y2"), pitch), v("x2"))); len(l) != 0 {
		t.Errorf("%d lemmas of rows of a 64-bit pitch, want none", len(l))
	}
}

// TestGridStrideLemma checks that a grid-stride loop's 64-bit index
// blockIdx.x + k*gridDim.x, each part a 32-bit value widened, gets the
// lemma that equal indices mean equal blocks and rounds.
func TestGridStrideLemma(t *testing.T) {
	w := func(name string) *expr.Term { return expr.ZExt(expr.Var(name, 32, expr.Shared), 64) }
	grid := w("nctaid")
	row := func(b, k string) *expr.Term { return expr.Add(w(b), expr.Mul(w(k), grid)) }
	elem := func(b, k, t string) *expr.Term {
		return expr.Mul(expr.Add(expr.Mul(row(b, k), expr.Const(128, 64)), w(t)), expr.Const(4, 64))
	}
	want := radixLemma(radix{x: w("k1"), n: grid, y: w("b1"), wide: true}, radix{x: w("k2"), n: grid, y: w("b2"), wide: true})
	for _, l := range radixLemmas(elem("b1", "k1", "t1"), elem("b2", "k2", "t2")) {
		if expr.Equal(l, want) {
			return
		}
	}
	t.Errorf("no lemma %s", want)
}
