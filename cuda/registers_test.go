package cuda

import "testing"

func TestRegisterNames(t *testing.T) {
	tests := []struct {
		r             Register
		ptx, cudaName string
		vector        bool
		ptxX, cudaX   string
	}{
		{RegTid, "tid", "threadIdx", true, "tid.x", "threadIdx.x"},
		{RegCtaid, "ctaid", "blockIdx", true, "ctaid.x", "blockIdx.x"},
		{RegNtid, "ntid", "blockDim", true, "ntid.x", "blockDim.x"},
		{RegNctaid, "nctaid", "gridDim", true, "nctaid.x", "gridDim.x"},
		{RegLaneID, "laneid", "laneid", false, "", ""},
		{RegWarpSize, "warpsize", "warpSize", false, "", ""},
	}
	if len(tests) != len(Registers) {
		t.Errorf("%d registers listed, %d tested", len(Registers), len(tests))
	}
	for i, tt := range tests {
		r := tt.r
		if r.PTXName() != tt.ptx || r.CUDAName() != tt.cudaName || r.String() != tt.ptx || r.IsVector() != tt.vector {
			t.Errorf("%d: PTX %q, CUDA %q, String %q, vector %v; want %q, %q, %q, %v",
				r, r.PTXName(), r.CUDAName(), r.String(), r.IsVector(), tt.ptx, tt.cudaName, tt.ptx, tt.vector)
		}
		if i < len(Registers) && Registers[i] != r {
			t.Errorf("Registers[%d] = %s, want %s", i, Registers[i], r)
		}
		if tt.vector && (r.PTXComponent(0) != tt.ptxX || r.CUDAComponent(0) != tt.cudaX) {
			t.Errorf("%s.x is %q in PTX and %q in CUDA, want %q and %q", r, r.PTXComponent(0), r.CUDAComponent(0), tt.ptxX, tt.cudaX)
		}
	}
	if got := RegNctaid.CUDAComponent(2); got != "gridDim.z" {
		t.Errorf("gridDim's axis 2 is %q, want gridDim.z", got)
	}
	if got := NoRegister.String(); got != "Register(0)" {
		t.Errorf("NoRegister prints as %q", got)
	}
}

// TestRegisterIntrinsics checks that each register's NVVM intrinsic,
// llvm.nvvm.read.ptx.sreg.<PTX name>[.<axis>], reads that register.
func TestRegisterIntrinsics(t *testing.T) {
	for _, r := range Registers {
		name, axis := "llvm.nvvm.read.ptx.sreg."+r.PTXName(), 0
		if r.IsVector() {
			name, axis = "llvm.nvvm.read.ptx.sreg."+r.PTXComponent(1), 1
		}
		want := Call{Kind: SpecialReg, Register: r, Axis: axis}
		if got := LookupCall(name); got != want {
			t.Errorf("LookupCall(%s) = %+v, want %+v", name, got, want)
		}
	}
}
