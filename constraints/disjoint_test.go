package constraints

import (
	"testing"

	"hgrd/expr"
	"hgrd/kernelanalysis"
)

func TestDisjoint(t *testing.T) {
	obj := &kernelanalysis.Object{Name: "state", Space: kernelanalysis.Global}
	tid := kernelanalysis.ThreadIdx(0)
	wide := expr.ZExt(tid, 64)
	narrow := expr.SExt(expr.Mul(tid, expr.Const(3, 32)), 64)
	full := expr.Var("p", 64, expr.PerThread)
	c := func(v int64) *expr.Term { return expr.Int(v, 64) }
	field := func(index *expr.Term, stride, at int64) *expr.Term {
		return expr.Add(expr.Mul(index, c(stride)), c(at))
	}
	tests := []struct {
		off1, off2   *expr.Term
		size1, size2 uint64
		want         bool
		reason       string
	}{
		{field(wide, 48, 20), field(wide, 48, 12), 4, 4, true, "fields 8 bytes apart of a 48-byte struct"},
		{field(wide, 48, 20), field(wide, 48, 20), 4, 4, false, "the same field of two elements of the array"},
		{field(wide, 48, 16), field(wide, 48, 12), 4, 8, false, "a double over the int 4 bytes before it"},
		{field(wide, 48, 8), field(wide, 48, 16), 8, 4, true, "a double that ends where the int starts"},
		{field(wide, 12, 4), field(wide, 12, 0), 4, 4, true, "fields of a 12-byte struct, whose index cannot wrap"},
		{field(narrow, 12, 4), field(narrow, 12, 0), 4, 4, true, "a sign-extended 32-bit index cannot wrap either"},
		{field(full, 12, 4), field(full, 12, 0), 4, 4, false, "a 64-bit index may wrap, and 12i wraps to 4 bytes off modulo 2^64"},
		{field(full, 16, 4), field(full, 16, 0), 4, 4, true, "a power-of-two stride holds modulo 2^64"},
		{field(wide, 48, 20), expr.Add(field(wide, 48, 12), expr.ZExt(kernelanalysis.BlockIdx(0), 64)), 4, 4, false, "a unit coefficient reaches every byte"},
		{c(8), c(4), 4, 4, true, "two constant ints side by side"},
		{c(6), c(4), 4, 4, false, "two constant ints that overlap"},
	}
	for _, tt := range tests {
		a := &kernelanalysis.Access{Object: obj, Kind: kernelanalysis.Write, Offset: tt.off1, Size: expr.Const(tt.size1, 64), Cond: expr.True()}
		b := &kernelanalysis.Access{Object: obj, Kind: kernelanalysis.Write, Offset: tt.off2, Size: expr.Const(tt.size2, 64), Cond: expr.True()}
		if got := Disjoint(&Launch{}, a, b); got != tt.want {
			t.Errorf("Disjoint(%s, %s) = %v, want %v (%s)", tt.off1, tt.off2, got, tt.want, tt.reason)
		}
	}
}
