// This file defines the propagation of barrier-interval states through the
// control-flow graph, and the concurrency condition of two accesses.

package kernelanalysis

import (
	"sort"

	"github.com/llir/llvm/ir"

	"hgrd/expr"
)

// A stateSet is a set of interval states.
type stateSet map[intervalState]bool

// sorted returns the states in a fixed order (by source, then crossed and
// entered loops), so that the conditions built from them, and so the
// queries and Z3's answers, are the same on every run.
func (s stateSet) sorted() []intervalState {
	states := make([]intervalState, 0, len(s))
	for st := range s {
		states = append(states, st)
	}
	sort.Slice(states, func(i, j int) bool {
		a, b := states[i], states[j]
		if a.source != b.source {
			return a.source < b.source
		}
		if a.crossed != b.crossed {
			return a.crossed < b.crossed
		}
		if a.entered != b.entered {
			return a.entered < b.entered
		}
		if a.exited != b.exited {
			return a.exited < b.exited
		}
		if a.decided != b.decided {
			return a.decided < b.decided
		}
		return !a.drifted && b.drifted
	})
	return states
}

// propagate computes the states reaching each block, then records them on
// the accesses.
func (a *analyzer) propagate(level Level, info *intervalInfo) {
	sourceOf := map[ir.Instruction]int{}
	for _, b := range a.ev.G.Blocks {
		for _, inst := range b.Insts {
			if isBarrier(inst, level) {
				sourceOf[inst] = len(info.sourceBlock)
				info.sourceBlock = append(info.sourceBlock, b)
				info.sourceMask = append(info.sourceMask, a.partialMask(inst))
			}
		}
	}
	in := map[*ir.Block]stateSet{a.ev.G.Blocks[0]: {intervalState{}: true}}
	work := []*ir.Block{a.ev.G.Blocks[0]}
	for len(work) > 0 {
		b := work[0]
		work = work[1:]
		out := a.walkBlock(b, in[b], sourceOf, nil)
		for _, s := range a.ev.G.Succs[b] {
			if a.mergeStates(in, s, a.follow(b, s, out, info)) {
				work = append(work, s)
			}
		}
	}
	accessesAt := a.accessesByInst()
	for _, b := range a.ev.G.Blocks {
		a.walkBlock(b, in[b], sourceOf, func(inst ir.Instruction, cur stateSet) {
			for _, acc := range accessesAt[inst] {
				acc.intervals[level] = append(acc.intervals[level], cur.sorted()...)
			}
		})
	}
}

// walkBlock runs through a block's instructions from the states at its
// start, calling visit at each instruction, and returns the states at its
// end.
func (a *analyzer) walkBlock(b *ir.Block, start stateSet, sourceOf map[ir.Instruction]int, visit func(ir.Instruction, stateSet)) stateSet {
	cur := start
	for _, inst := range b.Insts {
		if src, ok := sourceOf[inst]; ok {
			cur = stateSet{intervalState{source: src}: true}
		}
		if visit != nil {
			visit(inst, cur)
		}
	}
	return cur
}

// crossing returns the bit of the synchronised loop whose back edge b -> s
// is, and the bit of the synchronised loop that b -> s enters from
// outside.
func (a *analyzer) crossing(b, s *ir.Block, info *intervalInfo) (crossed, entered uint64) {
	l := a.ev.G.LoopOf[s]
	if l == nil || l.Header != s || !info.synced[l] {
		return 0, 0
	}
	if l.Contains(b) {
		return loopBit(l), 0
	}
	return 0, loopBit(l)
}

// leaving returns the bits of the synchronised loops that b -> s leaves.
func (a *analyzer) leaving(b, s *ir.Block, info *intervalInfo) uint64 {
	var bits uint64
	for l := a.ev.G.LoopOf[b]; l != nil && !l.Contains(s); l = l.Parent {
		if info.synced[l] {
			bits |= loopBit(l)
		}
	}
	return bits
}

// follow returns the states at the end of block b as they reach its
// successor s: with the way b's branch went, if it is a uniform branch
// deciding a barrier, and the synchronised loop whose back edge b -> s
// crosses or which it enters.
func (a *analyzer) follow(b, s *ir.Block, states stateSet, info *intervalInfo) stateSet {
	crossed, entered := a.crossing(b, s, info)
	left := a.leaving(b, s, info)
	var back *Loop
	if l := a.ev.G.LoopOf[s]; l != nil && l.Header == s && l.Contains(b) {
		back = l
	}
	next := stateSet{}
	for st := range states {
		st = a.decide(b, s, st, info)
		st.crossed |= crossed
		st.exited |= left
		if entered != 0 {
			st.entered |= entered
			st.crossed &^= entered
			st.exited &^= entered
		}
		if src := info.sourceBlock[st.source]; back != nil && src != nil && back.Contains(src) &&
			!(info.synced[back] && info.distinctBits) {
			st.drifted = true
		}
		next[st] = true
	}
	return next
}

// mergeStates adds states to the start of block s and reports whether
// that changed anything.
func (a *analyzer) mergeStates(in map[*ir.Block]stateSet, s *ir.Block, states stateSet) bool {
	set := in[s]
	if set == nil {
		set = stateSet{}
		in[s] = set
	}
	changed := false
	for st := range states {
		if !set[st] {
			set[st] = true
			changed = true
		}
	}
	return changed
}

// accessesByInst indexes the accesses by instruction.
func (a *analyzer) accessesByInst() map[ir.Instruction][]*Access {
	m := map[ir.Instruction][]*Access{}
	for _, acc := range a.res.Accesses {
		m[acc.Inst] = append(m[acc.Inst], acc)
	}
	return m
}

// Concurrent returns the condition under which thread 1 executing a1 and
// thread 2 executing a2 are in the same barrier interval at the level, as
// a term over the two threads' iteration counts (instantiated for sides 1
// and 2); ok is false if they never are.
func (k *Kernel) Concurrent(a1, a2 *Access, level Level) (cond *expr.Term, ok bool) {
	info := k.intervals[level]
	type loopsPair struct{ s1, s2 intervalState }
	seen := map[loopsPair]bool{}
	var options []*expr.Term
	for _, s1 := range a1.intervals[level] {
		for _, s2 := range a2.intervals[level] {
			if s1.source != s2.source || !info.agree(s1.decided, s2.decided) {
				continue
			}
			// The relation depends on the loops crossed, entered and left only.
			key := loopsPair{intervalState{source: s1.source, crossed: s1.crossed, entered: s1.entered, exited: s1.exited},
				intervalState{source: s2.source, crossed: s2.crossed, entered: s2.entered, exited: s2.exited}}
			if seen[key] {
				continue
			}
			seen[key] = true
			options = append(options, iterationRelation(a1, a2, s1, s2, info))
		}
	}
	if len(options) == 0 {
		return expr.False(), false
	}
	return expr.AnyOf(options...), true
}

// iterationRelation relates the two threads' iteration counts of every
// synchronised loop whose count the accesses depend on, besides what each
// thread's state says of its own counts (sideConditions): with the
// interval beginning at a barrier inside the loop, both threads are in
// that barrier's iteration or, having crossed the back edge since, the
// next.
func iterationRelation(a1, a2 *Access, s1, s2 intervalState, info *intervalInfo) *expr.Term {
	src := info.sourceBlock[s1.source]
	conds := append(sideConditions(s1, 1, info), sideConditions(s2, 2, info)...)
	for _, l := range unionLoops(a1.countLoops, a2.countLoops) {
		bit := loopBit(l)
		if !info.synced[l] || src == nil || !l.Contains(src) || s1.entered&bit != 0 || s2.entered&bit != 0 {
			continue
		}
		k1, k2 := expr.Instantiate(Iteration(l), 1), expr.Instantiate(Iteration(l), 2)
		c1, c2 := crossedConst(s1, bit), crossedConst(s2, bit)
		conds = append(conds, expr.Eq(expr.Add(k1, c2), expr.Add(k2, c1)))
	}
	return expr.AllOf(conds...)
}

func crossedConst(s intervalState, bit uint64) *expr.Term {
	if s.crossed&bit != 0 {
		return expr.Const(1, 32)
	}
	return expr.Const(0, 32)
}

// unionLoops returns the loops of either list, once each.
func unionLoops(a, b []*Loop) []*Loop {
	out := append([]*Loop(nil), a...)
	for _, l := range b {
		if !containsLoop(out, l) {
			out = append(out, l)
		}
	}
	return out
}

func containsLoop(ls []*Loop, l *Loop) bool {
	for _, x := range ls {
		if x == l {
			return true
		}
	}
	return false
}
