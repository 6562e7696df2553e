// This file defines which loads read one value for every thread of a
// block: loads that all threads execute in one barrier epoch.
//
// # Why
//
// A block often broadcasts a value through shared memory:
//
//	if (threadIdx.x == 0) s_last = ...;
//	__syncthreads();
//	int last = s_last;          // L
//	if (threadIdx.x == last) out[k] = ...;
//
// The kernel writes s_last, so a load of it is not a function of its
// address for the whole launch (memory.go). But two threads of a block
// that load one address at L in the same epoch (between the same two
// barrier instances) read the same value, unless the location races:
// a write that one of them sees and the other does not is unordered with
// one of the two loads, and that pair is checked as a race on its own.
// (Two loads by one thread in different iterations may see different
// values; a query never compares a thread with itself.)
//
// # When two threads load in the same epoch
//
// Every thread of a block passes the same barrier instances, in order,
// when barriers are only under block-uniform control. So two threads of
// a block that execute a site L in the same iteration of each loop around
// L that contains synchronisation are in the same epoch there if
//
//   - no branch that may go different ways for two threads, and from whose
//     two sides L is reached, has synchronisation between it and the point
//     where its sides join, on a path to L (so two threads that reach L
//     passed the same barriers before it; a side that leaves the kernel,
//     as an early return does, does not reach L and splits nothing; a loop
//     with synchronisation whose trip count depends on the thread is such
//     a branch), and
//   - the kernel has no fence: a lock's critical section or a flag orders
//     a write between two threads' loads without a barrier (sync.go).
//
// (A loop without synchronisation runs within one epoch: its iterations
// need not agree.)
//
// A call hgrd cannot see into (a function defined elsewhere, inline
// assembly with a barrier, fence, atomic or store) counts as both
// synchronisation and a fence.
//
// Loads of one object at several sites share the function when one
// dominates the other and nothing between them, in the same iteration,
// synchronises or writes the object (firstLoadOfEpoch): a thread that
// loads one address at both reads one value there too (transitive
// closure's buf[y][x] == 0 && buf[y][k] != 0, for k == x).
//
// Such a load returns a function of its address, its block and the
// iteration counts of the loops around it that contain synchronisation,
// one function per site; the value is still unknown, but one for the
// threads of a block in one iteration (the interval analysis relates the
// two threads' iteration counts where barriers order them,
// intervals_flow.go).
//
// A write's stored value that depends on such a load says nothing of
// whether two writes store one value (storedTerm): the load's location may
// be the one the writes race on (v[i] = 2 * v[i]), and then the two threads
// read different values there.

package kernelanalysis

import (
	"fmt"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/value"

	"hgrd/cuda"
	"hgrd/expr"
	"hgrd/symbolic"
)

// epochLoad returns the term of a load that reads one value for every
// thread of a block that executes it (see above), or nil if the load may
// read different values for two threads at one address.
func (a *analyzer) epochLoad(v *ir.InstLoad, w int) *expr.Term {
	if v.Volatile || v.Atomic || a.fenced {
		return nil
	}
	p := a.pointerOf(v.Src)
	if len(p) != 1 || p[0].obj.Space == Private {
		return nil
	}
	b := a.ev.G.Where[v]
	if b == nil || !a.inOneEpoch(b) {
		return nil
	}
	t := p[0]
	args := []*expr.Term{t.off, BlockIdx(0), BlockIdx(1), BlockIdx(2)}
	for _, l := range symbolic.Reverse(a.ev.G.LoopsOf(b)) {
		if a.syncLoop(l) {
			args = append(args, Iteration(l))
		}
	}
	site := a.firstLoadOfEpoch(v, b, t.obj)
	siteBlock := a.ev.G.Where[site]
	name := fmt.Sprintf("mem.%s.%d.at%d.%d", t.obj.Name, w, a.ev.G.Order[siteBlock], indexOf(siteBlock, site))
	a.epochFuncs[name] = true
	if _, ok := a.epochSites[name]; !ok {
		a.epochSites[name] = epochSite{load: site.(*ir.InstLoad), obj: t.obj, width: w}
	}
	return a.unknown(v, expr.Apply(name, w, args...), "the contents of "+t.obj.String()+" when it is loaded")
}

// firstLoadOfEpoch returns the earliest load of obj that dominates load v
// (in block b), in the same innermost loop, such that no instruction
// between them in one iteration may synchronise or write obj: v reads
// what it reads at any address. v itself if there is none.
func (a *analyzer) firstLoadOfEpoch(v *ir.InstLoad, b *ir.Block, obj *Object) ir.Instruction {
	first := ir.Instruction(v)
	to := a.forwardTo(b)
	for x := b; x != nil; x = a.ev.G.IDom[x] {
		if a.ev.G.LoopOf[x] != a.ev.G.LoopOf[b] || !a.inOneEpoch(x) || !a.quietBlocks(x, b, to, obj) {
			return first
		}
		end := len(x.Insts)
		if x == b {
			end = indexOf(b, v)
		}
		for i := end - 1; i >= 0; i-- {
			inst := x.Insts[i]
			if a.disturbs(inst, obj) {
				return first
			}
			if u, ok := inst.(*ir.InstLoad); ok && !u.Volatile && !u.Atomic {
				if p := a.pointerOf(u.Src); len(p) == 1 && p[0].obj == obj {
					first = u
				}
			}
		}
	}
	return first
}

// quietBlocks reports whether no block strictly between block x and block
// b (on a path from x to b that takes no back edge; to holds the blocks
// from which b is so reached) may synchronise or write obj, and nothing
// in b before the load does; x dominates b. Instructions of x itself are
// the caller's to check.
func (a *analyzer) quietBlocks(x, b *ir.Block, to map[*ir.Block]bool, obj *Object) bool {
	if x == b {
		return true
	}
	for y := range a.forwardFrom(x) {
		if y == x || !to[y] {
			continue
		}
		for _, inst := range y.Insts {
			if y == b {
				break // b's own instructions before the load are scanned with x == b
			}
			if a.disturbs(inst, obj) {
				return false
			}
		}
	}
	return true
}

// disturbs reports whether an instruction may synchronise or write obj:
// two loads of obj with it between them may read different values.
func (a *analyzer) disturbs(inst ir.Instruction, obj *Object) bool {
	return maySyncInst(inst) || a.writesObject(inst, obj)
}

// writesObject reports whether an instruction may write obj.
func (a *analyzer) writesObject(inst ir.Instruction, obj *Object) bool {
	for _, e := range memoryEffects(inst) {
		if !e.writes {
			continue
		}
		objs := a.objectsOf(e.ptr, map[value.Value]bool{})
		if len(objs) == 0 {
			return true
		}
		for _, o := range objs {
			if o == obj {
				return true
			}
		}
	}
	return false
}

// forwardFrom returns the blocks reachable from b without a back edge, b
// included.
func (a *analyzer) forwardFrom(b *ir.Block) map[*ir.Block]bool {
	return a.closure(symbolic.Closure{From: b, Forward: true, Acyclic: true})
}

// forwardTo returns the blocks from which b is reachable without a back
// edge, b included.
func (a *analyzer) forwardTo(b *ir.Block) map[*ir.Block]bool {
	return a.closure(symbolic.Closure{From: b, Acyclic: true})
}

// reaching returns the blocks from which b can be reached, b included.
func (a *analyzer) reaching(b *ir.Block) map[*ir.Block]bool {
	return a.closure(symbolic.Closure{From: b})
}

// closure returns the blocks of a closure of the kernel's graph
// (symbolic.Graph.Reached).
func (a *analyzer) closure(c symbolic.Closure) map[*ir.Block]bool {
	return a.ev.G.Reached(c)
}

// storedTerm returns the term of a value a write stores, or nil if it
// depends on a load that reads one value for a block (see above).
func (a *analyzer) storedTerm(v value.Value) *expr.Term {
	t := a.ev.Term(v)
	epoch := false
	expr.Inspect(t, func(x *expr.Term) bool {
		if x.Op == expr.OpApply && a.epochFuncs[x.Name] {
			epoch = true
		}
		return !epoch
	})
	if epoch {
		return nil
	}
	return t
}

// hasFence reports whether a kernel has a fence, or a call that may be
// one (opaqueCall).
func hasFence(g *symbolic.Graph) bool {
	for _, b := range g.Blocks {
		for _, inst := range b.Insts {
			if _, ok := fenceScope(inst); ok || opaqueCall(inst) {
				return true
			}
		}
	}
	return false
}

// inOneEpoch reports whether two threads of a block that execute an
// instruction of block b in the same iteration of each loop around it
// with synchronisation do so in the same barrier epoch.
func (a *analyzer) inOneEpoch(b *ir.Block) bool {
	if one, ok := a.oneEpoch[b]; ok {
		return one
	}
	one := !a.splitBeforeSync(b)
	a.oneEpoch[b] = one
	return one
}

// maySync reports whether block b may synchronise: a barrier of any
// level (WarpLevel's barriers are all), or a call hgrd cannot see into.
func maySync(b *ir.Block) bool {
	for _, inst := range b.Insts {
		if maySyncInst(inst) {
			return true
		}
	}
	return false
}

// maySyncInst reports whether an instruction may synchronise: a barrier
// of any level, or a call hgrd cannot see into.
func maySyncInst(inst ir.Instruction) bool {
	return isBarrier(inst, WarpLevel) || opaqueCall(inst)
}

// opaqueCall reports whether an instruction calls something hgrd does not
// know (a function without a body here, inline assembly with a barrier,
// fence, atomic or store): it may synchronise or fence.
func opaqueCall(inst ir.Instruction) bool {
	call, ok := inst.(*ir.InstCall)
	if !ok {
		return false
	}
	if asm, ok := call.Callee.(*ir.InlineAsm); ok {
		return cuda.AsmMayOrder(asm.Asm)
	}
	return cuda.LookupCall(symbolic.CalleeName(call)).Kind == cuda.UnknownCall
}

// syncLoop reports whether loop l contains synchronisation.
func (a *analyzer) syncLoop(l *symbolic.Loop) bool {
	synced, ok := a.syncLoops[l]
	if !ok {
		for x := range l.Blocks {
			synced = synced || maySync(x)
		}
		a.syncLoops[l] = synced
	}
	return synced
}

// splitBeforeSync reports whether two threads may reach b having passed
// different synchronisation: a divergent branch from two of whose sides b
// is reached has synchronisation on a path to b before its sides join (a
// block with synchronisation that the branch reaches before the join and
// that reaches b: the blocks on the path between reach b too).
func (a *analyzer) splitBeforeSync(b *ir.Block) bool {
	reaches := a.reaching(b)
	for x := range reaches {
		if !a.divergentBranch(x) || countIn(a.ev.G.Succs[x], reaches) < 2 {
			continue
		}
		if _, ok := a.syncRegions[x]; !ok {
			a.syncRegions[x] = a.blocksBeforeJoin(x, maySync)
		}
		for _, s := range a.syncRegions[x] {
			if reaches[s] {
				return true
			}
		}
	}
	return false
}

// divergentBranch reports whether block x ends in a branch whose
// condition may differ between threads of a block.
func (a *analyzer) divergentBranch(x *ir.Block) bool {
	switch t := x.Term.(type) {
	case *ir.TermCondBr:
		return a.divergent[t.Cond]
	case *ir.TermSwitch:
		return a.divergent[t.X]
	}
	return false
}

// countIn returns how many distinct blocks of bs are in set.
func countIn(bs []*ir.Block, set map[*ir.Block]bool) int {
	distinct := map[*ir.Block]bool{}
	for _, b := range bs {
		if set[b] {
			distinct[b] = true
		}
	}
	return len(distinct)
}
