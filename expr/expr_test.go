package expr

import (
	"strings"
	"testing"
)

func TestEvalFollowsSMTLIB(t *testing.T) {
	x, y := Var("x", 8, Shared), Var("y", 8, Shared)
	tests := []struct {
		t      *Term
		env    MapEnv
		want   uint64
		reason string
	}{
		{Add(x, y), MapEnv{"x": 200, "y": 100}, 44, "addition wraps at the width"},
		{UDiv(x, y), MapEnv{"x": 7, "y": 0}, 255, "unsigned division by zero is all ones"},
		{URem(x, y), MapEnv{"x": 7, "y": 0}, 7, "unsigned remainder by zero is the dividend"},
		{SDiv(x, y), MapEnv{"x": 0xf9, "y": 2}, 0xfd, "-7 / 2 truncates to -3"},
		{SRem(x, y), MapEnv{"x": 0xf9, "y": 2}, 0xff, "-7 % 2 has the dividend's sign"},
		{SDiv(x, y), MapEnv{"x": 0xf9, "y": 0}, 1, "negative / 0 is 1"},
		{Shl(x, y), MapEnv{"x": 1, "y": 9}, 0, "shifting by the width or more gives 0"},
		{AShr(x, y), MapEnv{"x": 0x80, "y": 20}, 0xff, "arithmetic shift fills with the sign"},
		{SExt(x, 16), MapEnv{"x": 0x80}, 0xff80, "sign extension"},
		{Trunc(SExt(x, 16), 4), MapEnv{"x": 0x8a}, 0xa, "truncation keeps the low bits"},
		{SLt(x, y), MapEnv{"x": 0xff, "y": 0}, 1, "-1 < 0 signed"},
		{ULt(x, y), MapEnv{"x": 0xff, "y": 0}, 0, "255 > 0 unsigned"},
		{Ite(Eq(x, y), Const(1, 8), Const(2, 8)), MapEnv{"x": 3, "y": 3}, 1, "if-then-else"},
	}
	for _, tt := range tests {
		got, err := Eval(tt.t, tt.env)
		if err != nil || got != tt.want {
			t.Errorf("Eval(%s) = %d, %v; want %d (%s)", tt.t, got, err, tt.want, tt.reason)
		}
	}
}

func TestConstructorsFold(t *testing.T) {
	tests := []struct {
		t      *Term
		want   string
		reason string
	}{
		{Add(Const(3, 32), Const(4, 32)), "7", "constants fold"},
		{Mul(Var("x", 32, Shared), Const(1, 32)), "x", "x*1 is x"},
		{AllOf(True(), Var("b", Bool, Shared)), "b", "true is the unit of and"},
		{AnyOf(False(), True()), "true", "true absorbs or"},
		{Not(Not(Var("b", Bool, Shared))), "b", "double negation"},
		{Ite(True(), Const(1, 8), Const(2, 8)), "1", "ite on a constant"},
	}
	for _, tt := range tests {
		if got := tt.t.String(); got != tt.want {
			t.Errorf("%s, want %s (%s)", got, tt.want, tt.reason)
		}
	}
	x := Var("x", 8, Shared)
	if got := Eq(x, x); !got.IsTrue() {
		t.Errorf("x == x for one term is %s, want true", got)
	}
}

func TestInstantiateRenamesPerThreadVariables(t *testing.T) {
	tid, n := Var("tid.x", 32, PerThread), Var("n", 32, Shared)
	got := Instantiate(Add(tid, n), 2).String()
	if got != "(tid.x#2 + n)" {
		t.Errorf("Instantiate = %s, want (tid.x#2 + n)", got)
	}
}

func TestPackedDim3Halves(t *testing.T) {
	x, y := Var("x", 32, Shared), Var("y", 32, Shared)
	word := Or(ZExt(x, 64), Shl(ZExt(y, 64), Const(32, 64)))
	if got := Trunc(word, 32); got != x {
		t.Errorf("low half of the packed word = %s, want x", got)
	}
	if got := Trunc(LShr(word, Const(32, 64)), 32); got != y {
		t.Errorf("high half of the packed word = %s, want y", got)
	}
	env := MapEnv{"x": 7, "y": 9}
	if v, _ := Eval(LShr(word, Const(32, 64)), env); v != 9 {
		t.Errorf("the simplification changed the value: %d", v)
	}
}

// TestPackedDim3ConstantHalves covers dim3(4, rows) and dim3(diag): one
// half is a constant, folded into the word by the constructors.
func TestPackedDim3ConstantHalves(t *testing.T) {
	rows := Var("rows", 32, Shared)
	word := Or(Shl(ZExt(rows, 64), Const(32, 64)), Const(4, 64)) // dim3(4, rows)
	if got := Trunc(word, 32); !got.IsConst() || got.Value != 4 {
		t.Errorf("low half of (rows<<32)|4 = %s, want 4", got)
	}
	if got := Trunc(LShr(word, Const(32, 64)), 32); got != rows {
		t.Errorf("high half of (rows<<32)|4 = %s, want rows", got)
	}
	diag := Var("diag", 32, Shared)
	word = Or(ZExt(diag, 64), Const(1<<32, 64)) // dim3(diag), y = 1
	if got := Trunc(word, 32); got != diag {
		t.Errorf("low half of diag|1<<32 = %s, want diag", got)
	}
	if got := Trunc(LShr(word, Const(32, 64)), 32); !got.IsConst() || got.Value != 1 {
		t.Errorf("high half of diag|1<<32 = %s, want 1", got)
	}
	narrow := Var("n", 16, Shared)
	if got := Trunc(Or(ZExt(narrow, 64), Const(1<<32, 64)), 32); got.Width != 32 {
		t.Errorf("low half of a 16-bit value has width %d, want 32", got.Width)
	}
}

// TestAbbrevBoundsSharedTerms checks that a term whose tree is
// exponentially larger than its DAG is spelled within the bound, and that
// a short term is spelled whole.
func TestAbbrevBoundsSharedTerms(t *testing.T) {
	x := Var("x", 32, Shared)
	doubled := x
	for i := 0; i < 64; i++ { // 2^64 leaves as a tree
		doubled = Add(doubled, Mul(doubled, Const(3, 32)))
	}
	if got := doubled.Abbrev(100); len(got) > 100+len("…")+8 || !strings.HasSuffix(got, "…") {
		t.Errorf("Abbrev(100) of a shared term gives %d bytes ending %q, want at most ~100 ending in an ellipsis", len(got), got[max(0, len(got)-10):])
	}
	if got, want := Add(x, Const(1, 32)).Abbrev(100), "(x + 1)"; got != want {
		t.Errorf("Abbrev(100) of a short term = %q, want %q", got, want)
	}
}

func TestAnyOfShallowKeepsNestedDisjunctions(t *testing.T) {
	a, b, c := Var("a", Bool, Shared), Var("b", Bool, Shared), Var("c", Bool, Shared)
	inner := AnyOf(a, b)
	if d := AnyOfShallow(inner, c, False()); d.Op != OpOr || len(d.Args) != 2 || d.Args[0] != inner {
		t.Errorf("AnyOfShallow(a or b, c, false) = %s, want (a or b) kept as one operand beside c", d)
	}
	if d := AnyOfShallow(inner, True()); !d.IsTrue() {
		t.Errorf("AnyOfShallow(a or b, true) = %s, want true", d)
	}
	if d := AnyOfShallow(False(), inner); d != inner {
		t.Errorf("AnyOfShallow(false, a or b) = %s, want a or b", d)
	}
}
