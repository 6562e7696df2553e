package solver

import (
	"math/big"
	"math/rand"
	"testing"

	"hgrd/expr"
)

// TestProvenByBounds checks the quick proof on the premises the
// analysis asks: a 32-bit global index that does not wrap, given a
// constant block size and the bound of the grid's threads; and that it
// proves nothing where the index may wrap or the facts do not bound it.
func TestProvenByBounds(t *testing.T) {
	block, grid := v32("ntid.x"), v32("nctaid.x")
	b, tid, n := v32("ctaid.x#1"), v32("tid.x#1"), v32("n")
	wideN := expr.Var("n64", 64, expr.Shared)
	wide := func(x *expr.Term) *expr.Term { return expr.SExt(x, 64) }
	launch := []*expr.Term{
		expr.Eq(block, c32(16)), expr.ULe(c32(1), grid), expr.ULe(grid, c32(1<<31-1)),
		expr.ULt(b, grid), expr.ULt(tid, block),
	}
	threads := expr.ULe(expr.Mul(expr.ZExt(grid, 64), expr.ZExt(block, 64)), expr.Const(1<<31-1, 64))
	index := expr.Add(expr.Mul(c32(16), b), tid)
	noWrap := expr.Eq(wide(index), expr.Add(expr.Mul(expr.Const(16, 64), wide(b)), wide(tid)))
	roundedGrid := expr.Eq(grid, expr.SDiv(expr.Add(n, c32(15)), c32(16)))
	cases := []struct {
		name   string
		facts  []*expr.Term
		goal   *expr.Term
		proven bool
	}{
		{"no wrap within the grid's threads", append(launch, threads), noWrap, true},
		{"not negative within the grid's threads", append(launch, threads), expr.SLe(c32(0), index), true},
		{"no wrap in a grid rounded up from an int", append(launch, roundedGrid), noWrap, true},
		{"a grid of up to 2^31-1 blocks may wrap", launch, noWrap, false},
		{"below a bound", []*expr.Term{expr.ULt(n, c32(100))}, expr.SLt(n, c32(100)), true},
		{"not below a tighter bound", []*expr.Term{expr.ULt(n, c32(100))}, expr.SLt(n, c32(99)), false},
		{"a sum above its operand", []*expr.Term{expr.ULt(n, c32(100))}, expr.SLt(n, expr.Add(n, c32(1))), true},
		{"no facts", nil, expr.SLe(c32(0), n), false},
		{"the same term", nil, expr.Eq(expr.Mul(n, n), expr.Mul(n, n)), true},
		{"a conjunction", []*expr.Term{expr.ULt(n, c32(8))},
			expr.AllOf(expr.SLe(c32(0), n), expr.SLt(n, c32(8))), true},
		{"a thread index below its block size", []*expr.Term{expr.ULt(tid, block), expr.ULe(block, c32(1024))},
			expr.SLt(tid, block), true},
		{"a guard restated", append(launch, threads, expr.SLt(index, n)), expr.SLt(expr.Add(index, c32(0)), n), true},
		{"a guard one short", append(launch, threads, expr.SLt(index, n)), expr.SLt(expr.Add(index, c32(1)), n), false},
		{"a negated guard", []*expr.Term{expr.Not(expr.SLe(n, c32(0)))}, expr.SLt(c32(0), n), true},
		{"two facts in a chain", []*expr.Term{expr.SLt(b, n), expr.SLt(n, grid)}, expr.SLt(b, grid), false},
		{"a shift by a constant", []*expr.Term{expr.ULe(wideN, expr.Const(10, 64))},
			expr.SLe(expr.Const(0, 64), expr.Shl(wideN, expr.Const(2, 64))), true},
		{"a shift past the width, read as an atom", []*expr.Term{expr.ULe(wideN, expr.Const(10, 64))},
			expr.SLe(expr.Const(0, 64), expr.Shl(wideN, expr.Const(1<<60, 64))), false},
	}
	for _, c := range cases {
		if got := provenByBounds(c.facts, c.goal); got != c.proven {
			t.Errorf("%s: proven = %v, want %v", c.name, got, c.proven)
		}
	}
}

// TestBoundsProofIsSound checks every proof of random premises over two
// 8-bit variables against all their values: whatever satisfies the
// facts satisfies the goal. The goals are the premises' shapes, a
// narrow index's value widened (no wrap), its sign and comparisons,
// under random bounds of the variables; about one in seven is proven.
func TestBoundsProofIsSound(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	x, y := expr.Var("x", 8, expr.Shared), expr.Var("y", 8, expr.Shared)
	proven := 0
	const rounds = 400
	for range rounds {
		facts := randomBounds(rng, x, y)
		e := randomIndex(rng, x, y, 3)
		if rng.Intn(3) == 0 {
			e = x // a premise that restates a fact, up to a constant
		}
		goal := randomPremise(rng, e, x, y)
		if !provenByBounds(facts, goal) {
			continue
		}
		proven++
		if v, ok := counterexample(facts, goal); ok {
			t.Fatalf("proven, but x = %d, y = %d satisfy the facts and not the goal\nfacts: %v\ngoal: %s", v[0], v[1], facts, goal)
		}
	}
	t.Logf("%d of %d proven", proven, rounds)
	if proven < rounds/10 {
		t.Errorf("only %d of %d premises proven: the test no longer exercises the proof", proven, rounds)
	}
}

// randomBounds returns random bounds of x and y, signed and unsigned.
func randomBounds(rng *rand.Rand, x, y *expr.Term) []*expr.Term {
	var facts []*expr.Term
	for _, v := range []*expr.Term{x, y} {
		c := expr.Const(uint64(rng.Intn(256)), 8)
		switch rng.Intn(5) {
		case 0:
			facts = append(facts, expr.ULt(v, c))
		case 1:
			facts = append(facts, expr.ULe(c, v), expr.ULt(v, expr.Const(uint64(rng.Intn(128)), 8)))
		case 2:
			facts = append(facts, expr.SLt(v, c), expr.SLe(expr.Const(uint64(rng.Intn(8)), 8), v))
		case 3:
			facts = append(facts, expr.Eq(v, c))
		}
	}
	if rng.Intn(3) == 0 {
		facts = append(facts, expr.ULe(expr.Mul(expr.ZExt(x, 16), expr.ZExt(y, 16)), expr.Const(uint64(rng.Intn(400)), 16)))
	}
	if rng.Intn(2) == 0 {
		facts = append(facts, randomOrder(rng, x, y))
	}
	return facts
}

// randomOrder returns a random comparison of x with y plus a small
// constant, signed or unsigned, stated as it is or as the negation of
// its opposite (a guard's false branch).
func randomOrder(rng *rand.Rand, x, y *expr.Term) *expr.Term {
	shifted := expr.Add(y, expr.Const(uint64(rng.Intn(5)), 8))
	compare := []func(a, b *expr.Term) *expr.Term{expr.SLt, expr.SLe, expr.ULt, expr.ULe, expr.Eq}[rng.Intn(5)]
	if rng.Intn(2) == 0 {
		return compare(x, shifted)
	}
	return expr.Not(compare(shifted, x))
}

// randomIndex returns a random 8-bit term over x and y of the given
// depth: sums, differences and products with constants and each other,
// divisions and remainders, masks and shifts.
func randomIndex(rng *rand.Rand, x, y *expr.Term, depth int) *expr.Term {
	if depth == 0 || rng.Intn(4) == 0 {
		switch rng.Intn(3) {
		case 0:
			return x
		case 1:
			return y
		}
		return expr.Const(uint64(rng.Intn(256)), 8)
	}
	a, b := randomIndex(rng, x, y, depth-1), randomIndex(rng, x, y, depth-1)
	ops := []func(a, b *expr.Term) *expr.Term{
		expr.Add, expr.Sub, expr.Mul, expr.UDiv, expr.SDiv, expr.URem, expr.SRem, expr.And, expr.LShr,
		func(a, b *expr.Term) *expr.Term { return expr.Ite(expr.ULt(a, b), a, b) },
		func(a, b *expr.Term) *expr.Term { return expr.Trunc(expr.ZExt(a, 16), 8) },
	}
	return ops[rng.Intn(len(ops))](a, b)
}

// randomPremise returns a premise about e: that it does not wrap (its
// sign extension is its operands' sum or product at 16 bits), that it is
// not negative (also as its zero extension is its sign extension), or a
// comparison with x, y, y plus a small constant or a constant.
func randomPremise(rng *rand.Rand, e, x, y *expr.Term) *expr.Term {
	other := []*expr.Term{x, y, expr.Const(uint64(rng.Intn(256)), 8), expr.Add(y, expr.Const(uint64(rng.Intn(5)), 8))}[rng.Intn(4)]
	switch rng.Intn(8) {
	case 0:
		return expr.Eq(expr.SExt(e, 16), widened(e))
	case 1:
		return expr.Eq(expr.ZExt(e, 16), expr.SExt(e, 16))
	case 2:
		return expr.SLt(expr.ZExt(e, 16), expr.Const(uint64(rng.Intn(300)), 16))
	case 3:
		return expr.SLe(expr.Const(0, 8), e)
	case 4:
		return expr.SLt(e, other)
	case 5:
		return expr.SLe(other, e)
	case 6:
		return expr.ULt(e, other)
	}
	return expr.ULe(other, e)
}

// widened returns e computed at 16 bits from its operands' sign
// extensions, through sums, differences and products: e's value when
// none of them wraps at 8 bits.
func widened(e *expr.Term) *expr.Term {
	switch e.Op {
	case expr.OpAdd:
		return expr.Add(widened(e.Args[0]), widened(e.Args[1]))
	case expr.OpSub:
		return expr.Sub(widened(e.Args[0]), widened(e.Args[1]))
	case expr.OpMul:
		return expr.Mul(widened(e.Args[0]), widened(e.Args[1]))
	}
	return expr.SExt(e, 16)
}

// counterexample returns values of x and y that satisfy the facts and
// not the goal, if there are any.
func counterexample(facts []*expr.Term, goal *expr.Term) ([2]uint64, bool) {
	for vx := range uint64(256) {
		for vy := range uint64(256) {
			env := expr.MapEnv{"x": vx, "y": vy}
			if holdsIn(env, facts...) && !holdsIn(env, goal) {
				return [2]uint64{vx, vy}, true
			}
		}
	}
	return [2]uint64{}, false
}

// holdsIn reports whether every boolean term is true under env.
func holdsIn(env expr.MapEnv, terms ...*expr.Term) bool {
	for _, t := range terms {
		if v, err := expr.Eval(t, env); err != nil || v == 0 {
			return false
		}
	}
	return true
}

// TestBoundsContainEveryValue checks the intervals behind the proofs:
// under random bounds of two 8-bit variables, every value a random term
// takes where the facts hold, read as signed, lies in its interval.
// The terms mix widths (extensions, truncations) and divide by
// constants and by each other.
func TestBoundsContainEveryValue(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	x, y := expr.Var("x", 8, expr.Shared), expr.Var("y", 8, expr.Shared)
	for range 200 {
		facts := randomBounds(rng, x, y)
		e := randomMixed(rng, x, y, 3)
		iv := newBoundsProof(facts).interval(e)
		for vx := range uint64(256) {
			for vy := range uint64(256) {
				env := expr.MapEnv{"x": vx, "y": vy}
				if !holdsIn(env, facts...) {
					continue
				}
				v, err := expr.Eval(e, env)
				if err != nil {
					continue // undefined: a division by zero
				}
				s := big.NewInt(signedOf(v, e.Width))
				if s.Cmp(iv.lo) < 0 || s.Cmp(iv.hi) > 0 {
					t.Fatalf("x = %d, y = %d: %s = %d, outside [%s, %s]\nfacts: %v", vx, vy, e, s, iv.lo, iv.hi, facts)
				}
			}
		}
	}
}

// randomMixed returns a random term over x and y of the given depth, of
// 8 or 16 bits: randomIndex's operations, divisions and remainders by
// constants, and extensions and truncations between the widths.
func randomMixed(rng *rand.Rand, x, y *expr.Term, depth int) *expr.Term {
	if depth == 0 || rng.Intn(4) == 0 {
		return randomIndex(rng, x, y, 0)
	}
	a := randomMixed(rng, x, y, depth-1)
	b := randomMixed(rng, x, y, depth-1)
	if a.Width != b.Width {
		b = expr.Trunc(expr.ZExt(b, 16), a.Width)
	}
	c := expr.Const(uint64(rng.Intn(20)+1), a.Width)
	switch rng.Intn(7) {
	case 0:
		return expr.UDiv(a, c)
	case 1:
		return expr.SDiv(a, c)
	case 2:
		return expr.URem(a, c)
	case 3:
		return expr.SRem(a, c)
	case 4:
		if a.Width == 8 {
			return []*expr.Term{expr.ZExt(a, 16), expr.SExt(a, 16)}[rng.Intn(2)]
		}
		return expr.Trunc(a, 8)
	}
	if a.Width != 8 {
		a, b = expr.Trunc(a, 8), expr.Trunc(b, 8)
	}
	ops := []func(a, b *expr.Term) *expr.Term{expr.Add, expr.Sub, expr.Mul, expr.UDiv, expr.SRem, expr.And, expr.LShr}
	return ops[rng.Intn(len(ops))](a, b)
}

// signedOf returns a width's signed reading of v.
func signedOf(v uint64, width int) int64 {
	shift := uint(64 - width)
	return int64(v<<shift) >> shift
}

// TestProveTriesBoundsFirst checks that Prove answers a premise the
// bounds prove without Z3: with a budget of one unit, within which Z3
// decides nothing, the index of a launch is proven not negative; a goal
// that holds but needs Z3 (x < z from x <u y and y <u z: two facts in a
// chain) is proven with the default budget and not within one unit.
func TestProveTriesBoundsFirst(t *testing.T) {
	starved, full := New(1), New(0)
	defer starved.Close()
	defer full.Close()
	grid, b, tid := v32("nctaid.x"), v32("ctaid.x#1"), v32("tid.x#1")
	facts := []*expr.Term{expr.ULe(grid, c32(1<<20)), expr.ULt(b, grid), expr.ULt(tid, c32(16))}
	index := expr.Add(expr.Mul(c32(16), b), tid)
	if proven, err := starved.Prove(facts, expr.SLe(c32(0), index)); err != nil || !proven {
		t.Errorf("index not negative, within one unit: proven = %v, %v", proven, err)
	}
	x, y, z := v32("x"), v32("y"), v32("z")
	chain := []*expr.Term{expr.ULt(x, y), expr.ULt(y, z), expr.ULt(z, c32(100))}
	if proven, err := full.Prove(chain, expr.SLt(x, z)); err != nil || !proven {
		t.Errorf("x < z with the default budget: proven = %v, %v", proven, err)
	}
	if proven, err := starved.Prove(chain, expr.SLt(x, z)); err != nil || proven {
		t.Errorf("x < z within one unit: proven = %v, %v; the bounds alone do not prove it", proven, err)
	}
}
