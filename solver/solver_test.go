// This file tests the translation of every operator against its SMT-LIB
// meaning, model extraction, the isolation of queries and the reporting
// of Z3 failures.

package solver

import (
	"math"
	"strings"
	"testing"

	"hgrd/expr"
)

// A semanticsCase is a query whose outcome follows from the semantics of
// its operators.
type semanticsCase struct {
	reason  string
	assert  []*expr.Term
	observe []*expr.Term
	want    Status
	values  []uint64 // if set, the values the assertions force on observe
}

func semanticsCases() []semanticsCase {
	x, y, p, q, r := v8("x"), v8("y"), boolVar("p"), boolVar("q"), boolVar("r")
	w16 := expr.Var("w", 16, expr.Shared)
	x64, y64 := expr.Var("x64", 64, expr.Shared), expr.Var("y64", 64, expr.Shared)
	b1 := expr.Var("b", 1, expr.Shared)
	ite := expr.Ite(expr.ULt(x, c8(10)), x, c8(10))
	g := func(a, b *expr.Term) *expr.Term { return expr.Apply("g", expr.Bool, a, b) }
	return []semanticsCase{
		{"x + 1 == x: wrapping addition has no fixed point", []*expr.Term{expr.Eq(expr.Add(x, c8(1)), x)}, nil, Unsat, nil},
		{"x * 2 == 7: a product by 2 is even, wrapped or not", []*expr.Term{expr.Eq(expr.Mul(x, c8(2)), c8(7))}, nil, Unsat, nil},
		{"x * 3 == 7: 3 is invertible mod 256, x = 7 * 171 mod 256", []*expr.Term{expr.Eq(expr.Mul(x, c8(3)), c8(7))}, []*expr.Term{x}, Sat, []uint64{173}},
		{"x - y wraps below zero", []*expr.Term{expr.Eq(x, c8(1)), expr.Eq(y, c8(2))}, []*expr.Term{expr.Sub(x, y)}, Sat, []uint64{255}},
		{"x /u 0 is all ones (SMT-LIB)", nil, []*expr.Term{expr.UDiv(x, c8(0))}, Sat, []uint64{255}},
		{"x %u 0 is x (SMT-LIB)", []*expr.Term{expr.Eq(x, c8(77))}, []*expr.Term{expr.URem(x, c8(0))}, Sat, []uint64{77}},
		{"200 /u 7 == 28 and 200 %u 7 == 4", []*expr.Term{expr.Eq(x, c8(200))}, []*expr.Term{expr.UDiv(x, c8(7)), expr.URem(x, c8(7))}, Sat, []uint64{28, 4}},
		{"-7 /s 2 == -3: signed division truncates toward zero", []*expr.Term{expr.Eq(x, c8(-7))}, []*expr.Term{expr.SDiv(x, c8(2))}, Sat, []uint64{253}},
		{"-7 /s -2 == 3", []*expr.Term{expr.Eq(x, c8(-7))}, []*expr.Term{expr.SDiv(x, c8(-2))}, Sat, []uint64{3}},
		{"-128 /s -1 == -128: the quotient's overflow wraps", []*expr.Term{expr.Eq(x, c8(-128))}, []*expr.Term{expr.SDiv(x, c8(-1))}, Sat, []uint64{128}},
		{"x /s 0 == 1 for negative x (SMT-LIB)", []*expr.Term{expr.SLt(x, c8(0))}, []*expr.Term{expr.SDiv(x, c8(0))}, Sat, []uint64{1}},
		{"x /s 0 == -1 for x >= 0 (SMT-LIB)", []*expr.Term{expr.SLe(c8(0), x)}, []*expr.Term{expr.SDiv(x, c8(0))}, Sat, []uint64{255}},
		{"-7 %s 2 == -1: the remainder has the dividend's sign", []*expr.Term{expr.Eq(x, c8(-7))}, []*expr.Term{expr.SRem(x, c8(2))}, Sat, []uint64{255}},
		{"7 %s -2 == 1", []*expr.Term{expr.Eq(x, c8(7))}, []*expr.Term{expr.SRem(x, c8(-2))}, Sat, []uint64{1}},
		{"x %s 0 == x (SMT-LIB)", []*expr.Term{expr.Eq(x, c8(-5))}, []*expr.Term{expr.SRem(x, c8(0))}, Sat, []uint64{251}},
		{"x << 3 keeps the low 8 bits", []*expr.Term{expr.Eq(x, c8(0x21))}, []*expr.Term{expr.Shl(x, c8(3))}, Sat, []uint64{8}},
		{"x << y == 0 when y >= width", []*expr.Term{expr.ULe(c8(8), y)}, []*expr.Term{expr.Shl(x, y)}, Sat, []uint64{0}},
		{"x >>u y == 0 when y >= width", []*expr.Term{expr.ULe(c8(8), y)}, []*expr.Term{expr.LShr(x, y)}, Sat, []uint64{0}},
		{"x >>s y is -1 for negative x when y >= width", []*expr.Term{expr.SLt(x, c8(0)), expr.ULe(c8(8), y)}, []*expr.Term{expr.AShr(x, y)}, Sat, []uint64{255}},
		{"x >>s y is 0 for x >= 0 when y >= width", []*expr.Term{expr.SLe(c8(0), x), expr.ULe(c8(8), y)}, []*expr.Term{expr.AShr(x, y)}, Sat, []uint64{0}},
		{"-4 >>s 1 == -2, -4 >>u 1 == 126", []*expr.Term{expr.Eq(x, c8(-4))}, []*expr.Term{expr.AShr(x, c8(1)), expr.LShr(x, c8(1))}, Sat, []uint64{254, 126}},
		{"bit-wise and, or, xor", []*expr.Term{expr.Eq(x, c8(0x0f)), expr.Eq(y, c8(0x3c))}, []*expr.Term{expr.And(x, y), expr.Or(x, y), expr.Xor(x, y)}, Sat, []uint64{0x0c, 0x3f, 0x33}},
		{"sext of a negative value sets the high bits", []*expr.Term{expr.Eq(x, c8(-2))}, []*expr.Term{expr.SExt(x, 16), expr.SExt(x, 64)}, Sat, []uint64{0xfffe, math.MaxUint64 - 1}},
		{"zext never sets the high bits", []*expr.Term{expr.ULe(expr.Const(256, 16), expr.ZExt(x, 16))}, nil, Unsat, nil},
		{"trunc keeps the low bits", []*expr.Term{expr.Eq(w16, expr.Const(0x1234, 16))}, []*expr.Term{expr.Trunc(w16, 8)}, Sat, []uint64{0x34}},
		{"trunc(zext(x)) == x", []*expr.Term{expr.Ne(expr.Trunc(expr.ZExt(x, 32), 8), x)}, nil, Unsat, nil},
		{"x <s 0 and x <u 128 contradict", []*expr.Term{expr.SLt(x, c8(0)), expr.ULt(x, c8(128))}, nil, Unsat, nil},
		{"ite takes the else branch when the condition fails", []*expr.Term{expr.Eq(x, c8(20))}, []*expr.Term{ite}, Sat, []uint64{10}},
		{"ite(x <u 10, x, 10) <=u 10", []*expr.Term{expr.ULt(c8(10), ite)}, nil, Unsat, nil},
		{"a boolean ite", []*expr.Term{p, expr.Ite(p, expr.Not(q), q)}, []*expr.Term{q}, Sat, []uint64{0}},
		{"bool(b) is b's bit", []*expr.Term{expr.ToBool(b1)}, []*expr.Term{b1}, Sat, []uint64{1}},
		{"bv(p) is 1 exactly when p", []*expr.Term{expr.Eq(expr.ToBV(p), expr.Const(0, 1))}, []*expr.Term{p}, Sat, []uint64{0}},
		{"bool(bv(p)) == p, built unfolded", []*expr.Term{expr.Ne(raw(expr.OpBool, expr.Bool, raw(expr.OpBV, 1, p)), p)}, nil, Unsat, nil},
		{"congruence: x == y forces f(x) == f(y)", []*expr.Term{expr.Eq(x, y), expr.Ne(f8(x), f8(y))}, nil, Unsat, nil},
		{"distinct arguments may give distinct results", []*expr.Term{expr.Ne(f8(x), f8(y))}, []*expr.Term{f8(x)}, Sat, nil},
		{"f(x) == 5 and f(y) == 6 force x != y", []*expr.Term{expr.Eq(f8(x), c8(5)), expr.Eq(f8(y), c8(6))}, []*expr.Term{expr.Eq(x, y)}, Sat, []uint64{0}},
		{"f(f(x)) == x and f(x) == 3 force f(3) == x", []*expr.Term{expr.Eq(f8(f8(x)), x), expr.Eq(f8(x), c8(3))}, []*expr.Term{expr.Sub(f8(c8(3)), x)}, Sat, []uint64{0}},
		{"congruence of a boolean function of two arguments", []*expr.Term{g(x, p), expr.Not(g(y, q)), expr.Eq(x, y), expr.Eq(p, q)}, nil, Unsat, nil},
		{"p => q, p and !q contradict", []*expr.Term{expr.Implies(p, q), p, expr.Not(q)}, nil, Unsat, nil},
		{"p => q holds when p is false", []*expr.Term{expr.Implies(p, q), expr.Not(q)}, []*expr.Term{p}, Sat, []uint64{0}},
		{"boolean xor and equality contradict", []*expr.Term{expr.Xor(p, q), expr.Eq(p, q)}, nil, Unsat, nil},
		{"boolean !=", []*expr.Term{expr.Ne(p, q), p}, []*expr.Term{q}, Sat, []uint64{0}},
		{"n-ary or", []*expr.Term{expr.AnyOf(p, q, r), expr.Not(p), expr.Not(q)}, []*expr.Term{r}, Sat, []uint64{1}},
		{"n-ary and", []*expr.Term{expr.AllOf(p, q, r)}, []*expr.Term{expr.ToBV(p), expr.ToBV(q), expr.ToBV(r)}, Sat, []uint64{1, 1, 1}},
		{"64-bit wrapping: 2^63 + 2^63 == 0", []*expr.Term{expr.Eq(x64, expr.Const(1<<63, 64)), expr.Eq(expr.Add(x64, y64), expr.Const(0, 64))}, []*expr.Term{y64}, Sat, []uint64{1 << 63}},
		{"64-bit constants above 2^63 survive translation", []*expr.Term{expr.Eq(x64, expr.Const(math.MaxUint64-6, 64))}, []*expr.Term{expr.UDiv(x64, expr.Const(3, 64))}, Sat, []uint64{(math.MaxUint64 - 6) / 3}},
		{"no assertions: anything goes", nil, nil, Sat, nil},
		{"a false assertion", []*expr.Term{expr.False()}, nil, Unsat, nil},
	}
}

// TestSemantics checks each operator's translation on queries whose
// outcome its SMT-LIB meaning decides, every model against expr.Eval,
// and that forced values are forced: asserting any other value is unsat.
func TestSemantics(t *testing.T) {
	s := New(0)
	defer s.Close()
	for _, c := range semanticsCases() {
		t.Run(c.reason, func(t *testing.T) {
			q := &Query{Assertions: c.assert, Observe: c.observe}
			r := mustCheck(t, s, q)
			if r.Status != c.want {
				t.Fatalf("%v, want %v (%s)", r.Status, c.want, r.Reason)
			}
			if r.Status != Sat {
				return
			}
			verifyModel(t, q, r)
			if c.values == nil {
				return
			}
			var other []*expr.Term
			for i, o := range c.observe {
				if r.Values[i] != c.values[i] {
					t.Errorf("%s = %d, want %d", o, r.Values[i], c.values[i])
				}
				other = append(other, expr.Ne(o, constant(c.values[i], o.Width)))
			}
			forced := &Query{Assertions: append(append([]*expr.Term{}, c.assert...), expr.AnyOf(other...))}
			if r := mustCheck(t, s, forced); r.Status != Unsat {
				t.Errorf("values not forced: %v with %v", r.Status, r.Vars)
			}
		})
	}
}

// constant returns the constant v of a width, boolean for expr.Bool.
func constant(v uint64, width int) *expr.Term {
	if width == expr.Bool {
		return expr.BoolConst(v != 0)
	}
	return expr.Const(v, width)
}

// TestModelContents checks what a model holds: every variable of the
// assertions and of the observed terms, booleans as 0/1, and every
// application under the key of its argument values.
func TestModelContents(t *testing.T) {
	s := New(0)
	x, y, z, p := v8("x"), v8("y"), v8("z"), boolVar("p")
	q := &Query{
		Assertions: []*expr.Term{expr.Eq(x, c8(3)), expr.Eq(f8(x), c8(9)), expr.Eq(f8(f8(x)), c8(-1)), p},
		Observe:    []*expr.Term{z, f8(y)},
	}
	r := mustCheck(t, s, q)
	if r.Status != Sat {
		t.Fatalf("%v, want sat", r.Status)
	}
	verifyModel(t, q, r)
	for _, name := range []string{"x", "y", "z", "p"} {
		if _, ok := r.Vars[name]; !ok {
			t.Errorf("no value for variable %s in %v", name, r.Vars)
		}
	}
	if r.Vars["p"] != 1 {
		t.Errorf("p = %d, want 1", r.Vars["p"])
	}
	want := map[string]uint64{"f(3)": 9, "f(9)": 255}
	for k, v := range want {
		if r.Applies[k] != v {
			t.Errorf("Applies[%s] = %d, want %d (all: %v)", k, r.Applies[k], v, r.Applies)
		}
	}
	if _, ok := r.Env().Var("nowhere"); ok {
		t.Error("Env gives a value to a variable outside the query")
	}
	if _, ok := r.Env().Apply("f", []uint64{200}); ok && r.Vars["y"] != 200 {
		t.Error("Env gives a value to an application outside the query")
	}
}

// TestQueriesAreIndependent checks that no assertion outlives its query.
func TestQueriesAreIndependent(t *testing.T) {
	s := New(0)
	x := v8("x")
	for i, v := range []int64{1, 2, 1} {
		q := &Query{Assertions: []*expr.Term{expr.Eq(x, c8(v))}, Observe: []*expr.Term{x}}
		r := mustCheck(t, s, q)
		if r.Status != Sat || r.Values[0] != uint64(v) {
			t.Fatalf("query %d: %v %v, want sat with x = %d", i, r.Status, r.Values, v)
		}
	}
	q := &Query{Assertions: []*expr.Term{expr.Eq(x, c8(1)), expr.Eq(x, c8(2))}}
	if r := mustCheck(t, s, q); r.Status != Unsat {
		t.Fatalf("x == 1 && x == 2: %v", r.Status)
	}
}

// TestTranslationIsMemoised checks that a term is translated once per
// Solver: a second query sharing a large sub-DAG translates only its new
// terms.
func TestTranslationIsMemoised(t *testing.T) {
	s := New(0)
	x := expr.Var("x", 32, expr.Shared)
	shared := x
	for i := 0; i < 200; i++ {
		shared = expr.Add(expr.Mul(shared, expr.Const(3, 32)), expr.Const(uint64(i), 32))
	}
	q1 := &Query{Assertions: []*expr.Term{expr.ULt(shared, expr.Const(100, 32))}}
	mustCheck(t, s, q1)
	n := len(s.tr.memo)
	if n < 400 {
		t.Fatalf("%d terms memoised after a query of 600", n)
	}
	v := s.tr.memo[shared]
	q2 := &Query{Assertions: []*expr.Term{expr.ULt(expr.Const(7, 32), shared)}}
	mustCheck(t, s, q2)
	if grown := len(s.tr.memo) - n; grown > 2 {
		t.Errorf("second query translated %d new terms, want at most 2", grown)
	}
	if !s.tr.memo[shared].AsAST().Equal(v.AsAST()) {
		t.Error("shared term translated anew")
	}
}

// TestErrors checks that malformed queries come back as errors, whether
// Z3 or the translation finds the fault, and that the Solver still works
// afterwards.
func TestErrors(t *testing.T) {
	a8, b16 := v8("a"), expr.Var("b", 16, expr.Shared)
	cases := []struct {
		reason string
		assert *expr.Term
		want   string // part of the error
	}{
		{"Z3 rejects an addition of 8 and 16 bits",
			expr.Eq(raw(expr.OpAdd, 8, a8, b16), a8), "does not match declaration"},
		{"Z3 rejects a comparison of 8 and 16 bits",
			raw(expr.OpULt, expr.Bool, a8, b16), "does not match declaration"},
		{"a term whose width disagrees with its operands",
			expr.Eq(raw(expr.OpAdd, 16, a8, a8), b16), "not width 16"},
		{"an assertion that is not a boolean", a8, "not a boolean"},
		{"a variable with two widths", expr.Eq(expr.ZExt(a8, 16), expr.Var("a", 16, expr.Shared)), "widths 8 and 16"},
		{"a truncation to more bits", expr.Eq(raw(expr.OpTrunc, 16, a8), b16), "trunc from 8 to 16"},
		{"an operator with too few operands", raw(expr.OpULt, expr.Bool, a8), "with 1 operands"},
		{"an unknown operator", expr.Eq(raw(expr.Op(200), 8, a8, a8), a8), "cannot translate"},
		{"an arithmetic operator on booleans", raw(expr.OpAdd, expr.Bool, expr.True(), expr.True()), "of booleans"},
		{"a function used with two signatures",
			expr.Eq(expr.Apply("h", 8, a8), expr.Trunc(expr.Apply("h", 16, b16), 8)), "used as"},
		{"a nil operand", raw(expr.OpNot, expr.Bool, nil), "nil operand"},
	}
	s := New(0)
	for _, c := range cases {
		t.Run(c.reason, func(t *testing.T) {
			r, err := s.Check(&Query{Assertions: []*expr.Term{c.assert}})
			if err == nil {
				t.Fatalf("no error, result %v", r.Status)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q does not mention %q", err, c.want)
			}
			x := v8("ok")
			q := &Query{Assertions: []*expr.Term{expr.Eq(expr.Add(x, c8(1)), c8(5))}, Observe: []*expr.Term{x}}
			if r := mustCheck(t, s, q); r.Status != Sat || r.Values[0] != 4 {
				t.Errorf("after the error: %v %v, want sat with 4", r.Status, r.Values)
			}
		})
	}
}

// TestClose checks that a closed Solver refuses queries.
func TestClose(t *testing.T) {
	s := New(0)
	s.Close()
	if _, err := s.Check(&Query{}); err == nil {
		t.Error("Check after Close succeeded")
	}
}

// TestStatusString checks the names of the statuses.
func TestStatusString(t *testing.T) {
	for s, want := range map[Status]string{Unsat: "unsat", Sat: "sat", Unknown: "unknown", Status(7): "Status(7)"} {
		if got := s.String(); got != want {
			t.Errorf("%d: %q, want %q", int(s), got, want)
		}
	}
}

// TestFalseAssertionAnswersAtOnce checks that a query with an assertion
// folded to false (two accesses at distinct constant offsets, under path
// conditions too hard to decide) is unsat without an attempt.
func TestFalseAssertionAnswersAtOnce(t *testing.T) {
	s := New(0)
	defer s.Close()
	attempts := 0
	s.observe = func(step, *Result) { attempts++ }
	x, y := v32("x"), v32("y")
	hard := expr.Eq(expr.Mul(expr.Mul(x, x), x), expr.Add(expr.Mul(y, y), c32(7)))
	r := mustCheck(t, s, &Query{Assertions: []*expr.Term{hard, expr.False()}})
	if r.Status != Unsat || attempts != 0 {
		t.Errorf("status %v after %d attempts, want unsat after none", r.Status, attempts)
	}
}
