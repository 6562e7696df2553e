// This file defines the uniform branches that barrier-interval states
// record: which way a branch on a block-uniform condition went, where the
// way decides whether a barrier is passed.
//
// Two threads of one interval met at its starting barrier S, in the same
// iteration of every loop containing S. A branch whose loops all contain S,
// taken before going around the back edge of any loop containing S, is
// then taken by both threads in that same iteration; if its condition is
// the same for all threads of the block (divergence.go), it goes the same
// way for both. So in
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
// the path took it in the iteration of the state's source.
func (a *analyzer) decide(b, s *ir.Block, st intervalState, info *intervalInfo) intervalState {
	if info.level == GridLevel || st.drifted || !a.decidesBarrier(b, info) {
		return st
	}
	src := info.sourceBlock[st.source]
	for _, l := range a.ev.G.LoopsOf(b) {
		if src == nil || !l.Contains(src) {
			return st
		}
	}
	ways := info.decisions[st.decided]
	branch, way := a.ev.G.Order[b], a.ev.G.Order[s]
	if _, again := ways[branch]; again {
		// Only a cycle that is no natural loop comes back to b without
		// going around a loop containing the source: record no more.
		st.drifted = true
		return st
	}
	next := make(map[int]int, len(ways)+1)
	for k, v := range ways {
		next[k] = v
	}
	next[branch] = way
	st.decided = decisionKey(next)
	info.decisions[st.decided] = next
	return st
}

// decisionKey spells a set of ways, branch by branch in graph order.
func decisionKey(ways map[int]int) string {
	branches := make([]int, 0, len(ways))
	for b := range ways {
		branches = append(branches, b)
	}
	sort.Ints(branches)
	var sb strings.Builder
	for i, b := range branches {
		if i > 0 {
			sb.WriteByte(',')
		}
		fmt.Fprintf(&sb, "%d>%d", b, ways[b])
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
	seen := map[*ir.Block]bool{b: true}
	stack := append([]*ir.Block(nil), a.ev.G.Succs[b]...)
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[x] || a.ev.G.PostDominates(x, b) {
			continue
		}
		seen[x] = true
		if blockHasBarrier(x, level) {
			return true
		}
		stack = append(stack, a.ev.G.Succs[x]...)
	}
	return false
}
