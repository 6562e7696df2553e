// This file defines the uniform branches that barrier-interval states
// record: which way a branch on a block-uniform condition went, where the
// way decides whether a barrier is passed.
//
// Two threads of one interval met at its starting barrier S, in the same
// iteration of every loop containing S. A branch whose loops each contain
// S, or were entered since S and are synchronised (so the thread is in
// their first iteration), is taken by the two threads in the same
// iteration if both crossed the same of those loops' back edges since S
// (a synchronised loop's at most once: a second time passes a barrier);
// if its condition is the same for all threads of the block
// (divergence.go), it goes the same way for both. So in
//
//	for (...) {
//	  ... read s ...
//	  __syncthreads();          // S
//	  if (uniform) {
//	    s[t] = ...;             // write
//	    __syncthreads();
//	  }
//	}
//
// the thread that reaches the next iteration's read from S without the
// second barrier went the other way at the branch from the thread at the
// write, in the iteration both met at S: the two are never in one interval.
// A condition that depends on the thread records nothing, so a barrier
// under it orders nothing. Grid-level intervals record nothing either: a
// condition uniform in a block may differ between blocks.

package kernelanalysis

import (
	"fmt"
	"sort"
	"strings"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/value"

	"hgrd/symbolic"
)

// decide returns the state st after it goes from b to its successor s:
// with b's way recorded if b is a uniform branch deciding a barrier and
// the path is in an iteration of each loop containing b that the state
// pins down (aligned).
func (a *analyzer) decide(b, s *ir.Block, st intervalState, info *intervalInfo) intervalState {
	if info.level == GridLevel || st.drifted || !a.decidesBarrier(b, info) {
		return st
	}
	at, ok := a.aligned(b, st, info)
	if !ok {
		return st
	}
	ways := info.decisions[st.decided]
	if _, again := ways[at]; again {
		// Only a cycle that is no natural loop comes back to b in the
		// same iteration: record no more.
		st.drifted = true
		return st
	}
	next := make(map[branchAt]int, len(ways)+1)
	for k, v := range ways {
		next[k] = v
	}
	next[at] = a.ev.G.Order[s]
	st.decided = decisionKey(next)
	info.decisions[st.decided] = next
	return st
}

// A branchAt is a branch taken in one iteration of the loops containing
// it: the branch block's position in the graph, and of those loops the
// ones crossed and entered since the interval's source.
type branchAt struct {
	branch           int
	crossed, entered uint64
}

// aligned returns where a state is at branch b, if every loop containing
// b is in an iteration the state pins down for both threads: a loop
// containing the source, in the source's iteration or, its back edge
// crossed since, the next; or a synchronised loop entered since the
// source, in its first iteration.
func (a *analyzer) aligned(b *ir.Block, st intervalState, info *intervalInfo) (branchAt, bool) {
	src := info.sourceBlock[st.source]
	var mask uint64
	for _, l := range a.ev.G.LoopsOf(b) {
		bit := loopBit(l)
		switch {
		case src != nil && l.Contains(src):
		case info.distinctBits && st.entered&bit != 0:
		default:
			return branchAt{}, false
		}
		mask |= bit
	}
	return branchAt{branch: a.ev.G.Order[b], crossed: st.crossed & mask, entered: st.entered & mask}, true
}

// decisionKey spells a set of ways, branch by branch in graph order.
func decisionKey(ways map[branchAt]int) string {
	at := make([]branchAt, 0, len(ways))
	for b := range ways {
		at = append(at, b)
	}
	sort.Slice(at, func(i, j int) bool {
		x, y := at[i], at[j]
		if x.branch != y.branch {
			return x.branch < y.branch
		}
		if x.crossed != y.crossed {
			return x.crossed < y.crossed
		}
		return x.entered < y.entered
	})
	var sb strings.Builder
	for i, b := range at {
		if i > 0 {
			sb.WriteByte(',')
		}
		fmt.Fprintf(&sb, "%d@%x.%x>%d", b.branch, b.crossed, b.entered, ways[b])
	}
	return sb.String()
}

// agree reports whether two decided keys went the same way at every
// branch both record.
func (info *intervalInfo) agree(d1, d2 string) bool {
	if d1 == "" || d2 == "" || d1 == d2 {
		return true
	}
	w1, w2 := info.decisions[d1], info.decisions[d2]
	for b, s := range w1 {
		if t, ok := w2[b]; ok && t != s {
			return false
		}
	}
	return true
}

// decidesBarrier reports whether b ends in a branch on a condition
// uniform in the block, with distinct successors, and some path from it
// passes a barrier of the level before it reaches a block that
// post-dominates b (where the ways join again).
func (a *analyzer) decidesBarrier(b *ir.Block, info *intervalInfo) bool {
	if v, ok := info.deciding[b]; ok {
		return v
	}
	v := a.uniformBranch(b) && a.barrierBeforeJoin(b, info.level)
	info.deciding[b] = v
	return v
}

// uniformBranch reports whether b ends in a conditional branch or switch
// whose condition is the same for all threads of a block, and which has
// more than one successor.
func (a *analyzer) uniformBranch(b *ir.Block) bool {
	var cond value.Value
	switch t := b.Term.(type) {
	case *ir.TermCondBr:
		cond = t.Cond
	case *ir.TermSwitch:
		cond = t.X
	default:
		return false
	}
	if a.divergent[cond] || a.divergent[symbolic.UnwrapArg(cond)] {
		return false
	}
	succs := a.ev.G.Succs[b]
	for _, s := range succs[1:] {
		if s != succs[0] {
			return true
		}
	}
	return false
}

// barrierBeforeJoin reports whether a path from b passes a barrier of the
// level before a block that post-dominates b.
func (a *analyzer) barrierBeforeJoin(b *ir.Block, level Level) bool {
	return len(a.blocksBeforeJoin(b, func(x *ir.Block) bool { return blockHasBarrier(x, level) })) > 0
}

// blocksBeforeJoin returns the blocks of which has holds that a path from
// b reaches before a block that post-dominates b.
func (a *analyzer) blocksBeforeJoin(b *ir.Block, has func(*ir.Block) bool) []*ir.Block {
	var found []*ir.Block
	seen := map[*ir.Block]bool{b: true}
	stack := append([]*ir.Block(nil), a.ev.G.Succs[b]...)
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[x] || a.ev.G.PostDominates(x, b) {
			continue
		}
		seen[x] = true
		if has(x) {
			found = append(found, x)
		}
		stack = append(stack, a.ev.G.Succs[x]...)
	}
	return found
}
