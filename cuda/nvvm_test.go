package cuda

import "testing"

func TestLookupCall(t *testing.T) {
	tests := []struct {
		name   string
		want   Call
		reason string
	}{
		{"llvm.nvvm.read.ptx.sreg.tid.y", Call{Kind: SpecialReg, Register: RegTid, Axis: 1}, "threadIdx.y"},
		{"llvm.nvvm.read.ptx.sreg.nctaid.z", Call{Kind: SpecialReg, Register: RegNctaid, Axis: 2}, "gridDim.z"},
		{"llvm.nvvm.read.ptx.sreg.clock64", Call{Kind: PureCall}, "clocks are no thread index"},
		{"llvm.nvvm.barrier0", Call{Kind: BlockBarrier}, "__syncthreads"},
		{"llvm.nvvm.barrier0.popc", Call{Kind: BlockBarrier}, "__syncthreads_count"},
		{"llvm.nvvm.bar.warp.sync", Call{Kind: WarpBarrier}, "__syncwarp"},
		{"llvm.nvvm.membar.cta", Call{Kind: Fence, Scope: ScopeBlock}, "__threadfence_block"},
		{"llvm.nvvm.atomic.add.gen.i.cta.i32.p0i32", Call{Kind: AtomicCall, Scope: ScopeBlock, Op: "add"}, "atomicAdd_block"},
		{"llvm.nvvm.atomic.cas.gen.i.sys.i32.p0i32", Call{Kind: AtomicCall, Scope: ScopeSystem, Op: "cas"}, "atomicCAS_system"},
		{"llvm.nvvm.atomic.load.inc.32.p0i32", Call{Kind: AtomicCall, Scope: ScopeDevice, Op: "inc"}, "atomicInc"},
		{"llvm.memcpy.p0i8.p0i8.i64", Call{Kind: MemCopy}, "memcpy"},
		{"_Z17__hgrd_tex1DfetchIfEvi", Call{Kind: PureCall}, "texture fetches read read-only memory"},
		{"__hgrd_requires", Call{Kind: Requires}, "GPUVerify precondition"},
		{"llvm.ctpop.i32", Call{Kind: BitCount, Op: "ctpop"}, "__popc"},
		{"llvm.cttz.i32", Call{Kind: BitCount, Op: "cttz"}, "__ffs(x) - 1"},
		{"llvm.nvvm.vote.ballot.sync", Call{Kind: WarpVote, Op: "ballot"}, "__ballot_sync"},
		{"llvm.nvvm.shfl.sync.idx.i32", Call{Kind: Shuffle, Op: "idx"}, "__shfl_sync"},
		{"llvm.nvvm.shfl.sync.down.f32", Call{Kind: Shuffle, Op: "down"}, "__shfl_down_sync on a float"},
		{"my_device_function", Call{}, "unknown functions are unknown"},
	}
	for _, tt := range tests {
		if got := LookupCall(tt.name); got != tt.want {
			t.Errorf("LookupCall(%s) = %+v, want %+v (%s)", tt.name, got, tt.want, tt.reason)
		}
	}
}

func TestLimits(t *testing.T) {
	if CheckBlockDim([3]int64{32, 32, 1}) != nil || CheckBlockDim([3]int64{32, 33, 1}) == nil {
		t.Error("a block has at most 1024 threads")
	}
	if CheckGridDim([3]int64{1, 65536, 1}) == nil {
		t.Error("gridDim.y is at most 65535")
	}
	if d, err := ParseDim("4,2", CheckGridDim); err != nil || d != [3]int64{4, 2, 1} {
		t.Errorf("ParseDim(4,2) = %v, %v", d, err)
	}
}

// TestRegisterIntrinsic maps the registers inline assembly reads to the
// intrinsics the analysis models, and no others.
func TestRegisterIntrinsic(t *testing.T) {
	for ptx, want := range map[string]string{
		"laneid":   "llvm.nvvm.read.ptx.sreg.laneid",
		"tid.y":    "llvm.nvvm.read.ptx.sreg.tid.y",
		"nctaid.x": "llvm.nvvm.read.ptx.sreg.nctaid.x",
		"warpid":   "",
		"tid":      "",
	} {
		got, ok := RegisterIntrinsic(ptx)
		if got != want || ok != (want != "") {
			t.Errorf("RegisterIntrinsic(%q) = %q, %v; want %q", ptx, got, ok, want)
		}
		if ok && LookupCall(got).Kind != SpecialReg {
			t.Errorf("%s is not classified as a special register", got)
		}
	}
}

func TestAsmMayOrder(t *testing.T) {
	for _, tt := range []struct {
		asm  string
		want bool
	}{
		{"shfl.sync.up.b32 $0, $1, $2, $3, $4;", false},
		{"mov.u32 $0, %laneid;", false},
		{"{ .reg .pred p; setp.ne.b32 p, $1, 0; vote.sync.ballot.b32 $0, p, 0xffffffff; }", false},
		{"bar.sync 0;", true},
		{"membar.gl;", true},
		{"fence.acq_rel.gpu;", true},
		{"@p st.global.u32 [$0], $1;", true},
		{"atom.global.add.u32 $0, [$1], $2;", true},
		{"cp.async.ca.shared.global [$0], [$1], 16;", true},
	} {
		if got := AsmMayOrder(tt.asm); got != tt.want {
			t.Errorf("AsmMayOrder(%q) = %v, want %v", tt.asm, got, tt.want)
		}
	}
}
