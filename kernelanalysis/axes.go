// This file defines which coordinates of the launch a kernel reads, for
// the launch model of kernels that no analysed host code launches.

package kernelanalysis

import (
	"github.com/llir/llvm/ir"

	"hgrd/cuda"
	"hgrd/symbolic"
)

// AxesRead says, per axis, whether a kernel reads the coordinates of the
// block (threadIdx or blockDim on that axis) and of the grid (blockIdx or
// gridDim), in its own body or in a device function it calls.
type AxesRead struct {
	Block, Grid [3]bool
}

// axesRead scans a kernel and the functions it calls for reads of the
// launch's special registers.
func axesRead(f *ir.Func) AxesRead {
	var r AxesRead
	seen := map[*ir.Func]bool{}
	var visit func(f *ir.Func)
	visit = func(f *ir.Func) {
		if seen[f] {
			return
		}
		seen[f] = true
		for _, b := range f.Blocks {
			for _, inst := range b.Insts {
				c, ok := inst.(*ir.InstCall)
				if !ok {
					continue
				}
				if g, ok := c.Callee.(*ir.Func); ok && len(g.Blocks) > 0 {
					visit(g)
					continue
				}
				r.note(cuda.LookupCall(symbolic.CalleeName(c)))
			}
		}
	}
	visit(f)
	return r
}

// note records the read of a special register.
func (r *AxesRead) note(c cuda.Call) {
	if c.Kind != cuda.SpecialReg || !c.Register.IsVector() {
		return
	}
	switch c.Register {
	case cuda.RegTid, cuda.RegNtid:
		r.Block[c.Axis] = true
	case cuda.RegCtaid, cuda.RegNctaid:
		r.Grid[c.Axis] = true
	}
}

// ReadsGrid reports whether the kernel reads any coordinate of the grid.
func (r AxesRead) ReadsGrid() bool { return r.Grid[0] || r.Grid[1] || r.Grid[2] }
