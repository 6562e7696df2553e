// This file defines the variables that stand for CUDA's built-in indices
// and dimensions, and for loop iteration counts.

package kernelanalysis

import (
	"fmt"

	"hgrd/cuda"
	"hgrd/expr"
)

// registerVars gives the variables of the vector special registers their
// role and scope: indices are per thread, dimensions launch-wide.
var registerVars = [...]struct {
	role  expr.RoleKind
	scope expr.Scope
}{
	cuda.RegTid:    {expr.ThreadIndex, expr.PerThread},
	cuda.RegCtaid:  {expr.BlockIndex, expr.PerThread},
	cuda.RegNtid:   {expr.BlockDim, expr.Shared},
	cuda.RegNctaid: {expr.GridDim, expr.Shared},
}

// registerVar returns the 32-bit variable of one component of a vector
// special register, named as PTX names it ("tid.x").
func registerVar(r cuda.Register, axis int) *expr.Term {
	v := registerVars[r]
	return expr.VarWithRole(r.PTXComponent(axis), 32, v.scope, expr.Role{Kind: v.role, Axis: axis})
}

// registerOf returns the vector special register whose component a role
// is, if any.
func registerOf(role expr.Role) (cuda.Register, bool) {
	for r, v := range registerVars {
		if v.role != expr.NoRole && v.role == role.Kind {
			return cuda.Register(r), true
		}
	}
	return cuda.NoRegister, false
}

// ThreadIdx returns the per-thread variable threadIdx.<axis> (32 bits).
func ThreadIdx(axis int) *expr.Term { return registerVar(cuda.RegTid, axis) }

// BlockIdx returns the per-thread variable blockIdx.<axis>.
func BlockIdx(axis int) *expr.Term { return registerVar(cuda.RegCtaid, axis) }

// BlockDim returns the launch-wide variable blockDim.<axis>.
func BlockDim(axis int) *expr.Term { return registerVar(cuda.RegNtid, axis) }

// GridDim returns the launch-wide variable gridDim.<axis>.
func GridDim(axis int) *expr.Term { return registerVar(cuda.RegNctaid, axis) }

// Iteration returns the per-thread iteration count of a loop (32 bits,
// starting at 0).
func Iteration(l *Loop) *expr.Term {
	return expr.VarWithRole(fmt.Sprintf("k.L%d", l.ID), 32, expr.PerThread, expr.Role{Kind: expr.LoopCounter})
}

// MaxIterations bounds every loop's iteration count, so that affine loop
// variables computed in 64 bits cannot wrap.
const MaxIterations = 1<<31 - 1
