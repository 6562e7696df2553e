// This file is the table of PTX special registers that the analysis
// models, with their PTX and CUDA spellings.

package cuda

import "fmt"

// A Register is a PTX special register that device code reads through an
// NVVM intrinsic (llvm.nvvm.read.ptx.sreg.*).
type Register uint8

// The special registers. The zero Register is none.
const (
	NoRegister  Register = iota
	RegTid               // %tid: threadIdx, a thread's index in its block
	RegCtaid             // %ctaid: blockIdx, a block's index in the grid
	RegNtid              // %ntid: blockDim, the shape of a block
	RegNctaid            // %nctaid: gridDim, the shape of the grid
	RegLaneID            // %laneid: a thread's lane in its warp
	RegWarpSize          // WARP_SZ (sreg.warpsize in NVVM): warpSize, the lanes of a warp
)

// Registers lists the special registers, in the order of their constants.
var Registers = []Register{RegTid, RegCtaid, RegNtid, RegNctaid, RegLaneID, RegWarpSize}

// Axes names the components of CUDA's index and dimension vectors.
var Axes = [3]string{"x", "y", "z"}

// registerNames spells each register in PTX and in CUDA C++. CUDA has no
// built-in variable for the lane: its spelling there is PTX's.
var registerNames = [...]struct{ ptx, cuda string }{
	NoRegister:  {"", ""},
	RegTid:      {"tid", "threadIdx"},
	RegCtaid:    {"ctaid", "blockIdx"},
	RegNtid:     {"ntid", "blockDim"},
	RegNctaid:   {"nctaid", "gridDim"},
	RegLaneID:   {"laneid", "laneid"},
	RegWarpSize: {"warpsize", "warpSize"},
}

// PTXName returns the register's name in PTX without its %, such as
// "tid".
func (r Register) PTXName() string { return registerNames[r].ptx }

// CUDAName returns the register's built-in variable in CUDA C++, such as
// "threadIdx".
func (r Register) CUDAName() string { return registerNames[r].cuda }

// String returns the register's PTX name, or "Register(N)" for a value
// outside the table.
func (r Register) String() string {
	if int(r) < len(registerNames) && r != NoRegister {
		return r.PTXName()
	}
	return fmt.Sprintf("Register(%d)", uint8(r))
}

// IsVector reports whether the register has x, y and z components:
// threadIdx, blockIdx, blockDim and gridDim.
func (r Register) IsVector() bool {
	switch r {
	case RegTid, RegCtaid, RegNtid, RegNctaid:
		return true
	}
	return false
}

// PTXComponent returns PTX's name of one component of a vector register,
// such as "tid.x" for axis 0 of RegTid.
func (r Register) PTXComponent(axis int) string { return r.PTXName() + "." + Axes[axis] }

// CUDAComponent returns CUDA's spelling of one component of a vector
// register, such as "threadIdx.x" for axis 0 of RegTid.
func (r Register) CUDAComponent(axis int) string { return r.CUDAName() + "." + Axes[axis] }

// sregPrefix begins the name of every NVVM intrinsic that reads a special
// register.
const sregPrefix = "llvm.nvvm.read.ptx.sreg."

// RegisterIntrinsic returns the NVVM intrinsic that reads the special
// register PTX names ptx ("laneid", "tid.x"), for inline assembly that
// reads it with a mov; false for a register the analysis does not model.
func RegisterIntrinsic(ptx string) (string, bool) {
	for _, r := range Registers {
		if r == RegWarpSize {
			continue // WARP_SZ is a constant in PTX, not a register
		}
		if !r.IsVector() && ptx == r.PTXName() {
			return sregPrefix + ptx, true
		}
		for axis := range Axes {
			if r.IsVector() && ptx == r.PTXComponent(axis) {
				return sregPrefix + ptx, true
			}
		}
	}
	return "", false
}
