// This file defines the divergence analysis: which values may differ
// between the threads of one block in the same iteration of their loops.

package kernelanalysis

import (
	"strings"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/value"

	"hgrd/cuda"
	"hgrd/symbolic"
)

// divergence returns the set of values that may differ between two
// threads of a block. Thread indices, atomics' results and unknown calls
// are divergent; dimensions, block indices, parameters and constants are
// not; other values are divergent if an operand is, and a merge of
// branches is also divergent if a branch it depends on is. Loads from a
// uniform address are uniform, assuming the loaded location does not race
// (which the analysis checks on its own).
func divergence(a *analyzer) map[value.Value]bool {
	div := map[value.Value]bool{}
	for changed := true; changed; {
		changed = false
		for _, b := range a.ev.G.Blocks {
			for _, inst := range b.Insts {
				v, ok := inst.(value.Value)
				if !ok || div[v] {
					continue
				}
				if a.instDivergent(inst, b, div) {
					div[v] = true
					changed = true
				}
			}
		}
	}
	return div
}

// instDivergent decides one instruction given the current set.
func (a *analyzer) instDivergent(inst ir.Instruction, b *ir.Block, div map[value.Value]bool) bool {
	any := func(vs ...value.Value) bool {
		for _, v := range vs {
			if div[symbolic.UnwrapArg(v)] {
				return true
			}
		}
		return false
	}
	switch i := inst.(type) {
	case *ir.InstCall:
		return callDivergent(i) || any(i.Args...)
	case *ir.InstPhi:
		for _, inc := range i.Incs {
			if div[inc.X] {
				return true
			}
		}
		l := a.ev.G.LoopOf[b]
		return (l == nil || l.Header != b) && a.controlDivergent(b, div)
	case *ir.InstLoad:
		return div[i.Src]
	case *ir.InstExtractValue:
		if x := symbolic.Extracted(i); x != nil {
			return any(x)
		}
		return true
	case *ir.InstAlloca, *ir.InstAtomicRMW, *ir.InstCmpXchg:
		return true
	}
	return any(symbolic.Operands(inst)...)
}

// callDivergent reports whether a call's result may differ between
// threads whatever its arguments.
func callDivergent(c *ir.InstCall) bool {
	name := symbolic.CalleeName(c)
	call := cuda.LookupCall(name)
	switch call.Kind {
	case cuda.SpecialReg:
		return call.Register == cuda.RegTid || call.Register == cuda.RegLaneID
	case cuda.MinMax, cuda.ReadOnlyLoad, cuda.BitCount:
		return false
	case cuda.PureCall:
		for _, s := range []string{"shfl", "vote", "match", "clock", "activemask", "sreg"} {
			if strings.Contains(name, s) {
				return true
			}
		}
		return false
	}
	return true
}

// controlDivergent reports whether a divergent branch decides which
// predecessor reaches b: any conditional branch between b's immediate
// dominator and b.
func (a *analyzer) controlDivergent(b *ir.Block, div map[value.Value]bool) bool {
	stop := a.ev.G.IDom[b]
	deciders := a.ev.G.Between(stop, b)
	if stop != nil {
		deciders = append(deciders, stop)
	}
	for _, p := range deciders {
		if br, ok := p.Term.(*ir.TermCondBr); ok && div[br.Cond] {
			return true
		}
		if sw, ok := p.Term.(*ir.TermSwitch); ok && div[sw.X] {
			return true
		}
	}
	return false
}
