package solver

import (
	"testing"

	"github.com/aclements/go-z3/z3"

	"hgrd/expr"
)

func TestDecideAlone(t *testing.T) {
	configureZ3()
	ctx := z3.NewContext(nil)
	x, b := ctx.IntConst("x"), ctx.BoolConst("b")
	num := func(n int) z3.Int { return ctx.FromInt(int64(n), ctx.IntSort()).(z3.Int) }
	sat := decideAlone(ctx, []z3.Bool{x.GT(num(5)), x.LT(num(7)), b}, 1_000_000, 0, nil)
	if sat.status != Sat || sat.ints["x"] == nil || sat.ints["x"].Int64() != 6 || !sat.bools["b"] {
		t.Errorf("x in (5, 7) and b: %+v, want sat with x = 6, b true", sat)
	}
	if a := decideAlone(ctx, []z3.Bool{x.GT(num(5)), x.LT(num(6))}, 1_000_000, 0, nil); a.status != Unsat {
		t.Errorf("x in (5, 6): %+v, want unsat", a)
	}
}

// TestDecideAloneFromPrinted checks that an attempt parsed from the
// Solver's printed query answers as the translated one: sat with the
// same model, and unsat.
func TestDecideAloneFromPrinted(t *testing.T) {
	s := New(0)
	defer s.Close()
	x, b := s.ctx.IntConst("x"), s.ctx.BoolConst("b")
	num := func(n int) z3.Int { return s.ctx.FromInt(int64(n), s.ctx.IntSort()).(z3.Int) }
	query := []z3.Bool{x.GT(num(5)), x.LT(num(7)), b}
	sat := decideAloneFrom(s.ctx, query, s.printed(query), 1_000_000, 0, nil)
	if sat.status != Sat || sat.ints["x"] == nil || sat.ints["x"].Int64() != 6 || !sat.bools["b"] {
		t.Errorf("x in (5, 7) and b, printed: %+v, want sat with x = 6, b true", sat)
	}
	query = []z3.Bool{x.GT(num(5)), x.LT(num(6))}
	if a := decideAloneFrom(s.ctx, query, s.printed(query), 1_000_000, 0, nil); a.status != Unsat {
		t.Errorf("x in (5, 6), printed: %+v, want unsat", a)
	}
}

// BenchmarkDecideAlone measures the fixed cost of an attempt in a
// context of its own: a new context, the translation of a small query's
// assertions and a solver with strategy.go's tactic.
func BenchmarkDecideAlone(b *testing.B) {
	configureZ3()
	ctx := z3.NewContext(nil)
	x, y := ctx.IntConst("x"), ctx.IntConst("y")
	num := func(n int) z3.Int { return ctx.FromInt(int64(n), ctx.IntSort()).(z3.Int) }
	query := []z3.Bool{num(0).LT(x), x.LT(num(1024)), num(0).LT(y), y.LT(num(1024)), x.Mul(num(4)).Eq(y.Mul(num(4)).Add(num(4)))}
	for b.Loop() {
		if a := decideAlone(ctx, query, 100_000, 0, nil); a.status != Sat {
			b.Fatal(a.status)
		}
	}
}

// TestIntegerModelsThroughFreshContexts checks that a model found in an
// integer attempt's own context is found again, pinned, in the Solver's
// context, and is a model of the query: products, wrapping, an
// uninterpreted function.
func TestIntegerModelsThroughFreshContexts(t *testing.T) {
	s := New(0)
	defer s.Close()
	s.only = integerEncoding
	x, y := v8("x"), v8("y")
	q := &Query{
		Assertions: []*expr.Term{
			expr.Eq(expr.Mul(x, y), c8(6)),
			expr.ULt(c8(3), x),
			expr.Eq(f8(x), expr.Add(y, c8(1))),
		},
		Observe: []*expr.Term{expr.Mul(x, y), f8(x)},
	}
	r := mustCheck(t, s, q)
	if r.Status != Sat {
		t.Fatalf("status %v, want sat", r.Status)
	}
	verifyModel(t, q, r)
}

// TestObservedTermsAddNothingToTheIntegerEncoding checks that a term
// observed only for the witness (an address the query does not compare)
// adds no assertion to the integer encoding, and that its value is
// still the model's: computed from the leaves with wrapping.
func TestObservedTermsAddNothingToTheIntegerEncoding(t *testing.T) {
	s := New(0)
	defer s.Close()
	s.only = integerEncoding
	x, y := v8("x"), v8("y")
	fx := f8(x)
	asserted := []*expr.Term{expr.ULt(c8(100), x), expr.ULt(c8(200), y), expr.Eq(fx, c8(7))}
	address := expr.Add(expr.Mul(x, y), fx) // wraps at 8 bits
	bare, observed := &Query{Assertions: asserted}, &Query{Assertions: asserted, Observe: []*expr.Term{address}}
	encBare, err := s.integers(bare, collect(bare))
	if err != nil {
		t.Fatal(err)
	}
	encObserved, err := s.integers(observed, collect(observed))
	if err != nil {
		t.Fatal(err)
	}
	if len(encObserved.assertions) != len(encBare.assertions) {
		t.Errorf("observing x*y + f(x) adds %d assertions", len(encObserved.assertions)-len(encBare.assertions))
	}
	r := mustCheck(t, s, observed)
	if r.Status != Sat {
		t.Fatalf("status %v, want sat", r.Status)
	}
	want := (r.Vars["x"]*r.Vars["y"] + 7) & 0xff
	if r.Values[0] != want {
		t.Errorf("observed value %d, want x*y + f(x) = %d*%d + 7 mod 256 = %d", r.Values[0], r.Vars["x"], r.Vars["y"], want)
	}
}

// TestDecideAloneSeeds checks that an attempt's seed changes Z3's search
// (the rlimit units it consumes) and not its answer: attempts of one
// query that differ only in their rlimit would otherwise repeat one
// search, each a prefix of the next.
func TestDecideAloneSeeds(t *testing.T) {
	configureZ3()
	ctx := z3.NewContext(nil)
	x, y, z := ctx.IntConst("x"), ctx.IntConst("y"), ctx.IntConst("z")
	num := func(n int) z3.Int { return ctx.FromInt(int64(n), ctx.IntSort()).(z3.Int) }
	query := []z3.Bool{x.GT(num(1)), y.GT(num(1)), z.LT(num(10)), z.GT(num(0)),
		x.Mul(y).Add(z.Mul(z, z)).Eq(num(1000003))}
	first := decideAlone(ctx, query, 1_000_000, 0, nil)
	other := decideAlone(ctx, query, 1_000_000, 2, nil)
	if first.status != Sat || other.status != Sat {
		t.Fatalf("seeds 0 and 2: %v and %v, want sat", first.status, other.status)
	}
	if first.units == other.units {
		t.Errorf("seeds 0 and 2 both consumed %d units: the seed did not reach the search", first.units)
	}
}
