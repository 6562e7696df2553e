// This file narrows what a load of a host global reads where the code
// before it shows it: the value that a store on every way to the load
// wrote last, or the value that an earlier load, with no write between,
// read. A configuration global set just before a launch (tile = 32;
// grid(width / tile); kernel<<<grid, block>>>(tile)) is then the value
// stored, and the grid and the argument read one value, where
// globalValues alone lets each load read any of the global's values.

package hostanalysis

import (
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"hgrd/symbolic"
)

// maxGlobalFlowSteps bounds the instructions a load's walk back looks
// at before it gives up.
const maxGlobalFlowSteps = 4096

// globalWriters tells which globals the host code alone writes, with
// plain stores (tracked: their address goes nowhere else, and no other
// file writes them, see globalUses), and which host functions may write
// which of them, themselves or through the functions they call. A
// function that calls through a pointer may write any global; a function
// without a body writes none that is tracked.
type globalWriters struct {
	tracked  map[*ir.Global]bool
	writes   map[*ir.Func]map[*ir.Global]bool
	writeAny map[*ir.Func]bool
}

// findGlobalWriters computes the globalWriters of a host module whose
// escaped globals are those globalUses returns.
func findGlobalWriters(m *ir.Module, escaped map[*ir.Global]bool) globalWriters {
	gw := globalWriters{tracked: map[*ir.Global]bool{}, writes: map[*ir.Func]map[*ir.Global]bool{}, writeAny: map[*ir.Func]bool{}}
	for _, g := range m.Globals {
		if !escaped[g] {
			gw.tracked[g] = true
		}
	}
	callers := map[*ir.Func][]*ir.Func{}
	for _, f := range m.Funcs {
		gw.writes[f] = map[*ir.Global]bool{}
		for _, b := range f.Blocks {
			for _, inst := range b.Insts {
				gw.noteWrite(f, inst, callers)
			}
			if inv, ok := b.Term.(*ir.TermInvoke); ok {
				gw.noteCall(f, inv.Invokee, callers)
			}
		}
	}
	// Callers write what their callees write, until nothing changes.
	work := append([]*ir.Func(nil), m.Funcs...)
	for len(work) > 0 {
		callee := work[len(work)-1]
		work = work[:len(work)-1]
		for _, caller := range callers[callee] {
			if gw.absorb(caller, callee) {
				work = append(work, caller)
			}
		}
	}
	return gw
}

// noteWrite records what one instruction of f writes directly: a store
// into a global, or a call.
func (gw globalWriters) noteWrite(f *ir.Func, inst ir.Instruction, callers map[*ir.Func][]*ir.Func) {
	switch i := inst.(type) {
	case *ir.InstStore:
		if g, ok := i.Dst.(*ir.Global); ok {
			gw.writes[f][g] = true
		}
	case *ir.InstCall:
		gw.noteCall(f, i.Callee, callers)
	}
}

// noteCall records a call of callee by f: an edge to a function with a
// body, or a write of any global through a pointer.
func (gw globalWriters) noteCall(f *ir.Func, callee value.Value, callers map[*ir.Func][]*ir.Func) {
	switch c := symbolic.UnwrapArg(callee).(type) {
	case *ir.Func:
		if len(c.Blocks) > 0 {
			callers[c] = append(callers[c], f)
		}
	case *ir.InlineAsm:
	default:
		gw.writeAny[f] = true
	}
}

// absorb adds what callee writes to what caller writes and reports
// whether that added anything.
func (gw globalWriters) absorb(caller, callee *ir.Func) bool {
	grew := false
	if gw.writeAny[callee] && !gw.writeAny[caller] {
		gw.writeAny[caller], grew = true, true
	}
	for g := range gw.writes[callee] {
		if !gw.writes[caller][g] {
			gw.writes[caller][g], grew = true, true
		}
	}
	return grew
}

// callMayWrite reports whether a call of callee may write g.
func (gw globalWriters) callMayWrite(callee value.Value, g *ir.Global) bool {
	switch c := symbolic.UnwrapArg(callee).(type) {
	case *ir.Func:
		return len(c.Blocks) > 0 && (gw.writeAny[c] || gw.writes[c][g])
	case *ir.InlineAsm:
		return false
	}
	return true
}

// instMayWrite reports whether inst may write g, and if it is a store
// into g, the value it stores.
func (gw globalWriters) instMayWrite(inst ir.Instruction, g *ir.Global) (stored value.Value, writes bool) {
	switch i := inst.(type) {
	case *ir.InstStore:
		if i.Dst == g {
			return i.Src, true
		}
	case *ir.InstCall:
		return nil, gw.callMayWrite(i.Callee, g)
	}
	return nil, false
}

// reachingGlobal returns what a load of g in the function of graph gr
// reads, if g is tracked (see globalWriters), as far as the instructions
// before it on every way to it show: the value stored, if a store into g
// comes last before the load with no other write between; otherwise the
// first of the loads of g before it (the load itself if none) that read
// the same value, as no write comes between them. It looks back through
// the load's block, then through its immediate dominator, and so on up
// the dominator tree, as long as no block on a way from the dominator to
// the block it left may write g (symbolic.Graph.Between): a branch that only
// prints, or an error check that exits, changes nothing. It stops at a
// call that may write g, or after maxGlobalFlowSteps instructions.
func reachingGlobal(gr *symbolic.Graph, gw globalWriters, load *ir.InstLoad, g *ir.Global) (stored value.Value, first *ir.InstLoad) {
	first = load
	b, ok := gr.Where[load]
	if !ok || !gw.tracked[g] {
		return nil, first
	}
	end := indexOf(b, load)
	if end == len(b.Insts) {
		return nil, first
	}
	steps := 0
	for {
		for i := end - 1; i >= 0; i-- {
			steps++
			inst := b.Insts[i]
			if l, ok := inst.(*ir.InstLoad); ok && l.Src == g && types.Equal(l.Type(), load.Type()) {
				first = l
				continue
			}
			if v, writes := gw.instMayWrite(inst, g); writes {
				if v != nil && types.Equal(v.Type(), load.Type()) {
					return v, first
				}
				return nil, first
			}
		}
		d := gr.IDom[b]
		if d == nil || steps >= maxGlobalFlowSteps || gw.termMayWrite(d, g) {
			return nil, first
		}
		for _, x := range gr.Between(d, b) {
			steps += len(x.Insts)
			if steps >= maxGlobalFlowSteps || gw.blockMayWrite(x, g) {
				return nil, first
			}
		}
		b, end = d, len(d.Insts)
	}
}

// blockMayWrite reports whether an instruction of x or its terminator may
// write g.
func (gw globalWriters) blockMayWrite(x *ir.Block, g *ir.Global) bool {
	for _, inst := range x.Insts {
		if _, writes := gw.instMayWrite(inst, g); writes {
			return true
		}
	}
	return gw.termMayWrite(x, g)
}

// termMayWrite reports whether x's terminator, an invoke, may write g.
func (gw globalWriters) termMayWrite(x *ir.Block, g *ir.Global) bool {
	inv, ok := x.Term.(*ir.TermInvoke)
	return ok && gw.callMayWrite(inv.Invokee, g)
}
