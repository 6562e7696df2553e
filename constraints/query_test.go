package constraints

import (
	"testing"

	"hgrd/cuda"
	"hgrd/expr"
	"hgrd/kernelanalysis"
)

func TestConflicting(t *testing.T) {
	g := &kernelanalysis.Object{Name: "a", Space: kernelanalysis.Global}
	h := &kernelanalysis.Object{Name: "b", Space: kernelanalysis.Global}
	s := &kernelanalysis.Object{Name: "s", Space: kernelanalysis.Shared}
	acc := func(o *kernelanalysis.Object, k kernelanalysis.AccessKind) *kernelanalysis.Access {
		return &kernelanalysis.Access{Object: o, Kind: k, Scope: cuda.ScopeDevice, Offset: expr.Const(0, 64), Size: expr.Const(4, 64)}
	}
	blockScoped := func(o *kernelanalysis.Object) *kernelanalysis.Access {
		a := acc(o, kernelanalysis.Atomic)
		a.Scope = cuda.ScopeBlock
		return a
	}
	field := func(o *kernelanalysis.Object, at uint64) *kernelanalysis.Access {
		a := acc(o, kernelanalysis.Write)
		a.Offset = expr.Const(at, 64)
		return a
	}
	R, W, A := kernelanalysis.Read, kernelanalysis.Write, kernelanalysis.Atomic
	tests := []struct {
		a, b   *kernelanalysis.Access
		want   bool
		reason string
	}{
		{acc(g, R), acc(g, R), false, "two reads never race"},
		{acc(g, W), acc(g, R), true, "a write and a read"},
		{acc(g, A), acc(g, A), false, "two device-scope atomics never race"},
		{blockScoped(g), acc(g, A), true, "a block-scope atomic races with atomics of other blocks"},
		{blockScoped(s), blockScoped(s), false, "block scope covers every thread that sees shared memory"},
		{acc(g, A), acc(g, R), true, "an atomic and a plain read race"},
		{acc(g, W), acc(h, W), false, "distinct objects do not overlap"},
		{field(g, 0), field(g, 4), false, "two ints side by side do not overlap"},
		{field(g, 0), field(g, 3), true, "two ints that share a byte"},
	}
	for _, tt := range tests {
		if got := Conflicting(&Launch{}, tt.a, tt.b); got != tt.want {
			t.Errorf("Conflicting(%v, %v) = %v, want %v (%s)", tt.a.Kind, tt.b.Kind, got, tt.want, tt.reason)
		}
	}
}

func TestSharedMemoryHasNoInterBlockQuery(t *testing.T) {
	s := &kernelanalysis.Object{Name: "s", Space: kernelanalysis.Shared}
	a := &kernelanalysis.Access{Object: s, Kind: kernelanalysis.Write,
		Offset: expr.Const(0, 64), Size: expr.Const(4, 64), Cond: expr.True()}
	if q := Build(&kernelanalysis.Kernel{}, a, a, InterBlock, &Launch{}); q != nil {
		t.Errorf("an inter-block query on shared memory was built")
	}
}

func TestOverlapIsByteRanges(t *testing.T) {
	c := func(v uint64) *expr.Term { return expr.Const(v, 64) }
	tests := []struct {
		o1, s1, o2, s2 uint64
		want           bool
		reason         string
	}{
		{0, 4, 3, 1, true, "the last byte of an int"},
		{0, 4, 4, 4, false, "adjacent ints"},
		{8, 8, 4, 8, true, "a double across two ints"},
	}
	for _, tt := range tests {
		got := overlap(c(tt.o1), c(tt.s1), c(tt.o2), c(tt.s2))
		if got.IsTrue() != tt.want {
			t.Errorf("overlap(%d+%d, %d+%d) = %s, want %v (%s)", tt.o1, tt.s1, tt.o2, tt.s2, got, tt.want, tt.reason)
		}
	}
}

func TestNoWrapBoundsTheGridsThreads(t *testing.T) {
	tests := []struct {
		l      Launch
		bounds int
		reason string
	}{
		{Launch{}, 0, "without NoWrap nothing is bounded"},
		{Launch{NoWrap: true}, 3, "every axis is bounded"},
		{Launch{NoWrap: true, GridDim: [3]int64{1 << 24, 1, 1}, BlockDim: [3]int64{1024, 1, 1}}, 2,
			"a known shape beyond an int stays as the host gives it"},
	}
	for _, tt := range tests {
		if got := len(noWrap(&tt.l)); got != tt.bounds {
			t.Errorf("noWrap gives %d bounds, want %d (%s)", got, tt.bounds, tt.reason)
		}
	}
}

func TestDifferentValuesOfTwoWrites(t *testing.T) {
	g := &kernelanalysis.Object{Name: "a", Space: kernelanalysis.Global}
	four := expr.Const(4, 64)
	one := expr.Const(1, 32)
	write := func(v *expr.Term) *kernelanalysis.Access {
		return &kernelanalysis.Access{Object: g, Kind: kernelanalysis.Write, Size: four, Value: v}
	}
	read := &kernelanalysis.Access{Object: g, Kind: kernelanalysis.Read, Size: four}
	tests := []struct {
		a, b   *kernelanalysis.Access
		want   bool
		reason string
	}{
		{write(one), write(one), true, "two writes of known values are compared"},
		{write(one), read, false, "a write and a read race whatever the value"},
		{write(one), write(nil), false, "an unknown value may differ"},
		{write(one), write(expr.Const(1, 8)), false, "values of different widths are taken to differ"},
	}
	for _, tt := range tests {
		if got := differentValues(tt.a, tt.b) != nil; got != tt.want {
			t.Errorf("differentValues = %v, want %v (%s)", got, tt.want, tt.reason)
		}
	}
}
