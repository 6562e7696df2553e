// This file defines the search for guards: the atomics and fences of a
// kernel, and which of them form an acquire that dominates an access or a
// release that post-dominates it.
//
// # Method
//
// An acquire is an atomic that reads a location (compare-and-swap,
// exchange, a read-modify-write, an atomic load) whose result decides a
// branch (the exit of a spin loop, the test of a try-lock) that comes
// before the access, with the fence between it and the access if there is
// one. A release is an atomic that writes the location after the access
// on every path, with the fence between them if there is one. An acquire
// by compare-and-swap or exchange and a release of the same address (the
// same object and offset term, so the same for the thread) make a
// critical section of a lock, complete only with both fences; a release
// orders only with its fence; a spin on a flag needs none (sections.go).
// Where several fences qualify, the widest-scoped one is taken: it alone
// already orders.

package kernelanalysis

import (
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/value"

	"hgrd/cuda"
	"hgrd/expr"
	"hgrd/symbolic"
)

// A syncSite is an atomic or a fence of the kernel.
type syncSite struct {
	inst  ir.Instruction
	block *ir.Block
	op    SyncOp
}

// An atomicSite is an atomic of the kernel with one target.
type atomicSite struct {
	syncSite
	target target
	source string
	reads  bool // returns the location's old value
	writes bool // may change the location
	locks  bool // compare-and-swap or exchange: can take a lock
	// byLeader is set when thread 0 of every block executes the atomic on
	// a location the same for the whole block (leader.go).
	byLeader bool
}

// syncSites are a kernel's atomics and fences and the branches that
// atomics decide.
type syncSites struct {
	atomics  []*atomicSite
	fences   []*syncSite
	barriers []*syncSite                    // __syncthreads and its variants
	deciding map[ir.Instruction][]*ir.Block // atomic -> blocks whose branch its result decides
	index    map[ir.Instruction]int         // position of each instruction in its block
}

// findGuards records the guards of every access.
func (a *analyzer) findGuards() {
	s := a.findSyncSites()
	if len(s.atomics) == 0 || len(s.fences) == 0 {
		return
	}
	a.markLeaderAtomics(s)
	for _, acc := range a.res.Accesses {
		acc.Guards = a.guardsOf(acc, s)
	}
}

// findSyncSites lists the kernel's atomics and fences.
func (a *analyzer) findSyncSites() *syncSites {
	s := &syncSites{deciding: map[ir.Instruction][]*ir.Block{}, index: map[ir.Instruction]int{}}
	for _, b := range a.ev.G.Blocks {
		for i, inst := range b.Insts {
			s.index[inst] = i
			if scope, ok := fenceScope(inst); ok {
				pos, _ := a.unit.Pos(inst)
				s.fences = append(s.fences, &syncSite{inst, b, SyncOp{cuda.FenceName(scope), scope, pos}})
				continue
			}
			if at := a.atomicSite(inst, b); at != nil {
				s.atomics = append(s.atomics, at)
			}
			if isBarrier(inst, BlockLevel) {
				s.barriers = append(s.barriers, &syncSite{inst: inst, block: b})
			}
		}
		if br, ok := b.Term.(*ir.TermCondBr); ok {
			for _, inst := range decidingAtomics(br.Cond) {
				s.deciding[inst] = append(s.deciding[inst], b)
			}
		}
	}
	return s
}

// fenceScope returns the scope of a fence: __threadfence* or an LLVM
// fence instruction.
func fenceScope(inst ir.Instruction) (cuda.Scope, bool) {
	switch i := inst.(type) {
	case *ir.InstFence:
		return cuda.LLVMScope(i.SyncScope), true
	case *ir.InstCall:
		if c := cuda.LookupCall(symbolic.CalleeName(i)); c.Kind == cuda.Fence {
			return c.Scope, true
		}
	}
	return 0, false
}

// atomicSite returns the atomic an instruction is, if it is one with a
// single target.
func (a *analyzer) atomicSite(inst ir.Instruction, b *ir.Block) *atomicSite {
	e, ok := atomicEffect(inst)
	if !ok {
		return nil
	}
	p := a.pointerOf(e.ptr)
	if len(p) != 1 {
		return nil
	}
	pos, _ := a.unit.Pos(inst)
	return &atomicSite{
		syncSite: syncSite{inst, b, SyncOp{cuda.AtomicName(e.op, e.scope), e.scope, pos}},
		target:   p[0],
		source:   a.describe(e.ptr, p[0]),
		reads:    e.op != "store",
		writes:   e.op != "load",
		locks:    e.op == "cas" || e.op == "exch" || e.op == "xchg",
	}
}

// decidingAtomics returns the atomics whose result a branch condition
// depends on through arithmetic, comparisons and casts.
func decidingAtomics(cond value.Value) []ir.Instruction {
	var out []ir.Instruction
	seen := map[value.Value]bool{}
	var walk func(v value.Value, depth int)
	walk = func(v value.Value, depth int) {
		if seen[v] || depth > 12 {
			return
		}
		seen[v] = true
		inst, ok := v.(ir.Instruction)
		if !ok {
			return
		}
		if _, atomic := atomicEffect(inst); atomic {
			out = append(out, inst)
			return
		}
		switch inst.(type) {
		case *ir.InstLoad, *ir.InstCall, *ir.InstPhi, *ir.InstAlloca, *ir.InstGetElementPtr:
			return // loaded, merged or an address: not computed from a result
		}
		for _, op := range symbolic.Operands(inst) {
			walk(op, depth+1)
		}
	}
	walk(cond, 0)
	return out
}

// guardsOf returns the locks, releases and acquires around an access.
func (a *analyzer) guardsOf(acc *Access, s *syncSites) []*Guard {
	guards := a.makeGuards(s, a.acquiresOf(acc, s), a.releasesOf(acc, s), acc.Block, false)
	return append(guards, a.makeGuards(s, a.leaderAcquiresOf(acc, s), a.leaderReleasesOf(acc, s), nil, true)...)
}

// acquiresOf returns, for each atomic that reads a location and decides
// a branch before the access (a spin), the widest-scoped fence between
// it and the access, nil if there is none.
func (a *analyzer) acquiresOf(acc *Access, s *syncSites) []syncPair {
	var out []syncPair
	for _, at := range s.atomics {
		if !at.reads || at.inst == acc.Inst || !a.dominates(s, at.inst, at.block, acc.Inst, acc.Block) ||
			!a.decidedBefore(s, at, acc.Block, true) {
			continue
		}
		best := widestFence(s.fences, func(f *syncSite) bool {
			return a.dominates(s, at.inst, at.block, f.inst, f.block) &&
				a.dominates(s, f.inst, f.block, acc.Inst, acc.Block)
		})
		out = append(out, syncPair{at, best})
	}
	return out
}

// releasesOf returns, for each atomic that writes a location after the
// access on every path, the widest-scoped fence between them, nil if
// there is none.
func (a *analyzer) releasesOf(acc *Access, s *syncSites) []syncPair {
	var out []syncPair
	for _, at := range s.atomics {
		if !at.writes || at.inst == acc.Inst || !a.postDominates(s, at.inst, at.block, acc.Inst, acc.Block) {
			continue
		}
		best := widestFence(s.fences, func(f *syncSite) bool {
			return a.postDominates(s, f.inst, f.block, acc.Inst, acc.Block) &&
				a.postDominates(s, at.inst, at.block, f.inst, f.block)
		})
		out = append(out, syncPair{at, best})
	}
	return out
}

// widestFence returns the fence with the widest scope among those that
// satisfy ok, the first of them if several have that scope, or nil if
// none does. ok is asked only of fences wider than the best so far.
func widestFence(fences []*syncSite, ok func(f *syncSite) bool) *syncSite {
	var best *syncSite
	for _, f := range fences {
		if (best == nil || f.op.Scope > best.op.Scope) && ok(f) {
			best = f
		}
	}
	return best
}

// decidedBefore reports whether a branch that the atomic's result decides
// comes before block b on every path to it: the thread gets there only
// once the atomic has returned what it waits for. With strict false, the
// branch may also end b itself.
func (a *analyzer) decidedBefore(s *syncSites, at *atomicSite, b *ir.Block, strict bool) bool {
	for _, d := range s.deciding[at.inst] {
		if (d != b || !strict) && a.ev.G.Dominates(d, b) {
			return true
		}
	}
	return false
}

// dominates reports whether instruction x (in block xb) comes before y
// (in yb) on every path from the entry to y.
func (a *analyzer) dominates(s *syncSites, x ir.Instruction, xb *ir.Block, y ir.Instruction, yb *ir.Block) bool {
	if xb == yb {
		return s.index[x] < s.index[y]
	}
	return a.ev.G.Dominates(xb, yb)
}

// postDominates reports whether instruction x (in block xb) comes after y
// (in yb) on every path from y to the kernel's return.
func (a *analyzer) postDominates(s *syncSites, x ir.Instruction, xb *ir.Block, y ir.Instruction, yb *ir.Block) bool {
	if xb == yb {
		return s.index[x] > s.index[y]
	}
	return a.ev.G.PostDominates(xb, yb)
}

// sameLocation reports whether two atomics of one thread address the same
// location: the same object and the same offset term.
func sameLocation(x, y *atomicSite) bool {
	return x.target.obj == y.target.obj && expr.Equal(x.target.off, y.target.off)
}
