// This file defines the variables that stand for CUDA's built-in indices
// and dimensions, and for loop iteration counts.

package kernelanalysis

import (
	"fmt"

	"hgrd/expr"
)

// axes names the components of CUDA's index and dimension vectors.
var axes = [3]string{"x", "y", "z"}

// ThreadIdx returns the per-thread variable threadIdx.<axis> (32 bits).
func ThreadIdx(axis int) *expr.Term { return expr.Var("tid."+axes[axis], 32, expr.PerThread) }

// BlockIdx returns the per-thread variable blockIdx.<axis>.
func BlockIdx(axis int) *expr.Term { return expr.Var("ctaid."+axes[axis], 32, expr.PerThread) }

// BlockDim returns the launch-wide variable blockDim.<axis>.
func BlockDim(axis int) *expr.Term { return expr.Var("ntid."+axes[axis], 32, expr.Shared) }

// GridDim returns the launch-wide variable gridDim.<axis>.
func GridDim(axis int) *expr.Term { return expr.Var("nctaid."+axes[axis], 32, expr.Shared) }

// Iteration returns the per-thread iteration count of a loop (32 bits,
// starting at 0).
func Iteration(l *Loop) *expr.Term {
	return expr.Var(fmt.Sprintf("k.L%d", l.ID), 32, expr.PerThread)
}

// MaxIterations bounds every loop's iteration count, so that affine loop
// variables computed in 64 bits cannot wrap.
const MaxIterations = 1<<31 - 1

// SourceNames maps variable names to their CUDA spelling for reports.
var SourceNames = map[string]string{
	"tid.x": "threadIdx.x", "tid.y": "threadIdx.y", "tid.z": "threadIdx.z",
	"ctaid.x": "blockIdx.x", "ctaid.y": "blockIdx.y", "ctaid.z": "blockIdx.z",
	"ntid.x": "blockDim.x", "ntid.y": "blockDim.y", "ntid.z": "blockDim.z",
	"nctaid.x": "gridDim.x", "nctaid.y": "gridDim.y", "nctaid.z": "gridDim.z",
}
