package symbolic

import (
	"testing"

	"github.com/llir/llvm/ir"

	"hgrd/expr"
	"hgrd/internal/testkit"
)

// TestBitCounts checks the terms of __popc, __ffs and __clz (llvm.ctpop,
// llvm.cttz and llvm.ctlz): population counts, counts of trailing zeros
// and ranks (the population count of the bits below a lane) are
// applications of their functions, whose definitions PopCount and
// TrailingZeros give; counts of leading zeros are exact terms.
func TestBitCounts(t *testing.T) {
	x, y := expr.Var("x", 32, expr.Shared), expr.Var("y", 32, expr.Shared)
	stored := storedTerms(t, "testdata/bitcount.cu", 4, x, y)
	applies := func(term *expr.Term, name string) bool {
		found := false
		expr.Inspect(term, func(a *expr.Term) bool {
			found = found || a.Op == expr.OpApply && a.Name == name
			return true
		})
		return found
	}
	for i, name := range map[int]string{0: PopCountFunc, 1: TrailingZerosFunc, 3: RankFunc} {
		if !applies(stored[i], name) {
			t.Errorf("count %d is %v, want an application of %s", i, stored[i], name)
		}
	}
	for _, tt := range []struct{ x, popc, ctz, clz uint64 }{
		{0, 0, 32, 32},
		{1, 1, 0, 31},
		{0xF0, 4, 4, 24},
		{0x80000000, 1, 31, 0},
		{0xFFFFFFFF, 32, 0, 0},
	} {
		env := expr.MapEnv{"x": tt.x}
		for i, c := range []struct {
			term *expr.Term
			want uint64
		}{{PopCount(x), tt.popc}, {TrailingZeros(x), tt.ctz}, {stored[2], tt.clz}} {
			got, err := expr.Eval(c.term, env)
			if err != nil || got != c.want {
				t.Errorf("count %d of %#x = %d (%v), want %d", i, tt.x, got, err, c.want)
			}
		}
	}
}

// storedTerms loads the first kernel of a testdata file, binds its
// parameters after the first (the output pointer) to params, and returns
// the terms of the values its stores store, in order; want is how many
// stores the kernel has.
func storedTerms(t *testing.T, path string, want int, params ...*expr.Term) []*expr.Term {
	t.Helper()
	u := testkit.Load(t, path)
	f := u.Kernels[0].Func
	e := New(f, testHooks{}, expr.PerThread)
	for i, p := range params {
		e.Bind(f.Params[i+1], p)
	}
	var stored []*expr.Term
	for _, b := range e.G.Blocks {
		for _, inst := range b.Insts {
			if st, ok := inst.(*ir.InstStore); ok {
				stored = append(stored, e.Term(st.Src))
			}
		}
	}
	if len(stored) != want {
		t.Fatalf("%s: %d stores, want %d", path, len(stored), want)
	}
	return stored
}
