// This file defines the launch model: what hgrd assumes of a launch beyond
// what the host code or the command line says (RACES.md, "Kernels with no
// analysed launch"), unless --any-launch asks for every shape.

package analysis

import (
	"fmt"
	"strings"

	"hgrd/constraints"
	"hgrd/cuda"
	"hgrd/frontend"
	"hgrd/kernelanalysis"
	"hgrd/report"
)

// anyLaunchHint tells how to drop the launch model's assumptions.
const anyLaunchHint = "--any-launch checks every shape"

// assumeUnreadAxes makes the y and z dimensions that a kernel with no
// analysed launch never reads 1: a kernel that reads only x coordinates is
// written for one-dimensional launches. Block and grid are judged apart;
// the command line's dimensions stay as given. A kernel that reads no grid
// coordinate at all gets a note on its inter-block races.
func assumeUnreadAxes(l *constraints.Launch, axes kernelanalysis.AxesRead, opts Options) {
	if opts.AnyLaunch {
		return
	}
	var fixed []string
	for axis := 1; axis < 3; axis++ {
		if !axes.Block[axis] && l.BlockDim[axis] == 0 {
			l.BlockDim[axis] = 1
			fixed = append(fixed, cuda.RegNtid.CUDAComponent(axis))
		}
		if !axes.Grid[axis] && l.GridDim[axis] == 0 {
			l.GridDim[axis] = 1
			fixed = append(fixed, cuda.RegNctaid.CUDAComponent(axis))
		}
	}
	if len(fixed) > 0 {
		l.Assumptions = append(l.Assumptions, fmt.Sprintf("%s = 1 (the kernel never reads them or their indices, and no analysed host code launches it)",
			strings.Join(fixed, " = ")))
	}
	if !axes.ReadsGrid() && l.GridDim[0] == 0 {
		l.InterBlockNote = fmt.Sprintf("the kernel reads no %s: it looks meant for one block; --grid-dim=1 or the launching code settles it",
			cuda.RegCtaid.CUDAName())
	}
}

// assumeNoWrap bounds the grid's threads along each dimension by the
// largest int, so that linear thread indices do not wrap, unless every
// dimension is known (the host code or the command line fixes them).
func assumeNoWrap(l *constraints.Launch, opts Options) {
	if opts.AnyLaunch || l.FullyKnown() {
		return
	}
	l.NoWrap = true
	l.Assumptions = append(l.Assumptions, fmt.Sprintf("%s * %s <= %d on each axis (linear thread indices do not wrap)",
		cuda.RegNctaid.CUDAName(), cuda.RegNtid.CUDAName(), cuda.MaxIndex))
}

// assumptionsNote says what a launch's report assumed, or "" if nothing.
func assumptionsNote(l *constraints.Launch) string {
	if len(l.Assumptions) == 0 {
		return ""
	}
	return "assuming " + strings.Join(l.Assumptions, "; ") + "; " + anyLaunchHint
}

// explainAssumptions says, for --explain, what the launch model assumed
// of a kernel's launch context.
func explainAssumptions(u *frontend.Unit, fk *frontend.Kernel, l *constraints.Launch) []report.Note {
	note := assumptionsNote(l)
	if note == "" {
		return nil
	}
	pos := u.Path
	if p, ok := kernelPos(u, fk); ok {
		pos = p.String()
	}
	return []report.Note{{Pos: pos, Message: fmt.Sprintf("kernel %s (%s): %s", fk.Name, l.Origin, note)}}
}

// kernelPos returns the position of a kernel's first instruction that has
// one in the user's source.
func kernelPos(u *frontend.Unit, fk *frontend.Kernel) (frontend.Pos, bool) {
	for _, b := range fk.Func.Blocks {
		for _, inst := range b.Insts {
			if p, ok := u.Pos(inst); ok {
				return p, true
			}
		}
	}
	return frontend.Pos{}, false
}
