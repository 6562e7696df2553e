package cuda

import "testing"

func TestSyncNames(t *testing.T) {
	tests := []struct {
		intrinsic, want string
	}{
		{"llvm.nvvm.atomic.add.gen.i.cta.i32.p0i32", "atomicAdd_block"},
		{"llvm.nvvm.atomic.cas.gen.i.sys.i32.p0i32", "atomicCAS_system"},
		{"llvm.nvvm.atomic.exch.gen.i.cta.i32.p0i32", "atomicExch_block"},
		{"llvm.nvvm.atomic.load.inc.32.p0i32", "atomicInc"},
		{"llvm.nvvm.membar.cta", "__threadfence_block"},
		{"llvm.nvvm.membar.gl", "__threadfence"},
		{"llvm.nvvm.membar.sys", "__threadfence_system"},
		{"__hgrd_atomic_load_block_4", "atomic load (block scope)"},
		{"__hgrd_atomic_store_device_8", "atomic store"},
		{"llvm.nvvm.shfl.sync.idx.i32", ""},
	}
	for _, tt := range tests {
		if got := LookupCall(tt.intrinsic).SourceName(); got != tt.want {
			t.Errorf("LookupCall(%q).SourceName() = %q, want %q", tt.intrinsic, got, tt.want)
		}
	}
}

func TestScopeCovers(t *testing.T) {
	if ScopeBlock.Covers(true) {
		t.Error("block scope covers threads of different blocks")
	}
	if !ScopeBlock.Covers(false) || !ScopeDevice.Covers(true) || !ScopeSystem.Covers(true) {
		t.Error("a scope does not cover the threads it contains")
	}
	for scope, want := range map[string]Scope{"": ScopeDevice, "block": ScopeBlock, "system": ScopeSystem} {
		if got := LLVMScope(scope); got != want {
			t.Errorf("LLVMScope(%q) = %v, want %v", scope, got, want)
		}
	}
}
