// This file defines the walk of launchers that no analysed call reaches:
// a kernel launched only there takes its launches' shape from them, with
// their parameters unknown, rather than any shape.

package hostanalysis

import (
	"slices"

	"github.com/llir/llvm/ir"

	"hgrd/frontend"
)

// walkUnreachedLaunchers walks, after the entries, the host functions
// that launch a kernel no walked launch reached and that no analysed call
// reaches: a launcher whose address only a table held that the compiler
// folded away (lut-gemm picks _excute_nqmv<k> from such a table by a
// constant index), or an inline function other files may call. Each is
// walked as an entry, its parameters unknown, and only its launches of
// such kernels are kept, marked Unreached. A kernel launched somewhere
// the walk reached keeps just those launches.
//
// Launching through such a function is the only way the program can run
// the kernel, so its launches bound the kernel's shape (a one-dimensional
// block, a grid from a rounded-up division) more than the command line's
// any shape does, and no less soundly.
func (w *walker) walkUnreachedLaunchers() {
	launched := map[*frontend.Kernel]bool{}
	for _, l := range w.launches {
		launched[l.Kernel] = true
	}
	wanted := func(k *frontend.Kernel) bool { return !launched[k] }
	for _, f := range w.unreachedRoots(wanted) {
		before := len(w.launches)
		w.walk(f, nil, nil, nil, nil, nil)
		kept := w.launches[:before]
		for _, l := range w.launches[before:] {
			if wanted(l.Kernel) {
				l.Unreached = true
				kept = append(kept, l)
			}
		}
		w.launches = kept
	}
}

// unreachedRoots returns the host functions the walk has not entered that
// reach a launch of a wanted kernel and that no other such function
// calls, in the unit's order.
func (w *walker) unreachedRoots(wanted func(*frontend.Kernel) bool) []*ir.Func {
	walked := map[*ir.Func]bool{}
	for _, fr := range w.frames {
		walked[fr.f] = true
	}
	launching := map[*ir.Func]bool{}
	for f := range w.launchingWanted(wanted) {
		if !walked[f] {
			launching[f] = true
		}
	}
	called := map[*ir.Func]bool{}
	for f := range launching {
		for _, g := range callees(f) {
			if g != f {
				called[g] = true
			}
		}
	}
	var roots []*ir.Func
	for _, f := range w.u.HostFuncs {
		if launching[f] && !called[f] {
			roots = append(roots, f)
		}
	}
	return roots
}

// launchingWanted returns the host functions that launch a wanted kernel
// or call, directly or not, one that does.
func (w *walker) launchingWanted(wanted func(*frontend.Kernel) bool) map[*ir.Func]bool {
	set := map[*ir.Func]bool{}
	for _, f := range w.u.HostFuncs {
		if w.reaches[f] && slices.ContainsFunc(w.kernelsLaunchedIn(f), wanted) {
			set[f] = true
		}
	}
	addCallers(w.u.HostFuncs, set, func(f *ir.Func) bool {
		return w.reaches[f] && slices.ContainsFunc(callees(f), func(g *ir.Func) bool { return set[g] })
	})
	return set
}
