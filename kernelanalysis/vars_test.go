package kernelanalysis

import (
	"testing"

	"hgrd/expr"
)

func TestRegisterVariables(t *testing.T) {
	tests := []struct {
		v      *expr.Term
		name   string
		scope  expr.Scope
		role   expr.Role
		source string
	}{
		{ThreadIdx(0), "tid.x", expr.PerThread, expr.Role{Kind: expr.ThreadIndex, Axis: 0}, "threadIdx.x"},
		{BlockIdx(1), "ctaid.y", expr.PerThread, expr.Role{Kind: expr.BlockIndex, Axis: 1}, "blockIdx.y"},
		{BlockDim(2), "ntid.z", expr.Shared, expr.Role{Kind: expr.BlockDim, Axis: 2}, "blockDim.z"},
		{GridDim(0), "nctaid.x", expr.Shared, expr.Role{Kind: expr.GridDim, Axis: 0}, "gridDim.x"},
		{Iteration(&Loop{ID: 3}), "k.L3", expr.PerThread, expr.Role{Kind: expr.LoopCounter}, "k.L3"},
	}
	for _, tt := range tests {
		v := tt.v
		if v.Name != tt.name || v.Width != 32 || v.Scope != tt.scope || v.Role != tt.role {
			t.Errorf("%s: width %d, scope %d, role %+v; want %s of width 32, scope %d, role %+v",
				v.Name, v.Width, v.Scope, v.Role, tt.name, tt.scope, tt.role)
		}
		if got := SourceTerm(v); got != tt.source {
			t.Errorf("SourceTerm(%s) = %s, want %s", v, got, tt.source)
		}
	}
}

func TestSourceTermSpellsCUDA(t *testing.T) {
	global := expr.Add(ThreadIdx(0), expr.Mul(BlockIdx(0), BlockDim(0)))
	if got, want := SourceTerm(global), "(threadIdx.x + (blockIdx.x * blockDim.x))"; got != want {
		t.Errorf("SourceTerm(%s) = %s, want %s", global, got, want)
	}
	if got, want := SourceTerm(expr.Instantiate(ThreadIdx(0), 1)), "tid.x#1"; got != want {
		t.Errorf("one thread's index spells %s, want %s", got, want)
	}
}
