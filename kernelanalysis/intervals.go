// This file defines barrier intervals: which accesses two threads of one
// block (or one warp) can execute between the same two barriers.
//
// # Method
//
// A barrier interval starts at the kernel's entry or at a barrier and runs
// along barrier-free paths. Two threads can execute accesses A and B
// concurrently only if some interval reaches both: the exact form of the
// HGRD paper's test "a barrier post-dominates A and dominates B", which
// also covers barriers on every branch and loops. A loop is synchronised
// if every path around its back edge passes a barrier; then threads in one
// interval are in the same iteration, or in consecutive ones when the
// interval starts at a barrier inside the loop and one of the threads has
// gone around the back edge since. States record which synchronised loops'
// back edges were crossed.
//
// Two threads in one interval met at its starting barrier, so a branch on
// a condition that is the same for all threads of the block goes the same
// way for both if each takes it in the iteration they met in. States
// record the ways such branches went when the branch decides whether a
// barrier is passed (intervals_uniform.go): a thread that skipped a
// barrier under a uniform condition is then not concurrent with one that
// went to that barrier, even if the skipping thread went on around the
// loop.

package kernelanalysis

import (
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"

	"hgrd/cuda"
	"hgrd/expr"
	"hgrd/symbolic"
)

// A Level is a set of barriers.
type Level int

// The levels: block barriers order threads of a block; the warp levels add
// __syncwarp, which orders the lanes of a warp that are in its mask; grid
// barriers alone order threads of different blocks.
const (
	BlockLevel    Level = iota // __syncthreads (and grid barriers)
	WarpLevel                  // and __syncwarp with any mask
	FullWarpLevel              // and __syncwarp with the full mask only
	GridLevel                  // cooperative groups' grid sync only
	numLevels
)

// An intervalState is an interval's start (0 for the kernel entry, i for
// the i-th barrier), the synchronised loops whose back edge the path
// crossed since, those it entered from outside since, those it left
// since (and did not enter again), and the uniform
// branches it took in the iteration it started in.
type intervalState struct {
	source  int
	crossed uint64 // bit loopBit(l) of each crossed loop
	entered uint64 // bit loopBit(l) of each loop entered from outside
	exited  uint64 // bit loopBit(l) of each loop left and not entered again
	// decided is the key (decisionKey) of the ways the path went at
	// uniform branches deciding a barrier, taken since the source in the
	// source's iteration; empty if none.
	decided string
	// drifted is set once the path went around the back edge of a loop
	// containing the source that its bits do not count (a loop not
	// synchronised): branches it takes from then on are in an iteration
	// the state does not pin down.
	drifted bool
}

// loopBit returns a loop's bit in interval states.
func loopBit(l *Loop) uint64 { return 1 << uint(l.ID%64) }

// intervalInfo is the interval analysis at one level.
type intervalInfo struct {
	sourceBlock []*ir.Block // block of each source; nil for the entry
	// sourceMask holds, for each source that is a __syncwarp with a mask
	// other than the full one, the mask's term; nil for other sources.
	sourceMask []*expr.Term
	synced     map[*Loop]bool

	level Level
	// deciding memoises decidesBarrier by branch block.
	deciding map[*ir.Block]bool
	// decisions maps each decided key of a state to its branches' ways:
	// the successor's position in the graph for each branch taken.
	decisions map[string]map[branchAt]int
	// distinctBits is set when no two loops share a bit of the states
	// (loopBit), so that the bits tell every loop's iteration apart.
	distinctBits bool
	// exits are the conditions on a thread's counts of the loops it went
	// around or left (intervals_loops.go), shared by the levels.
	exits []loopExits
}

// isBarrier reports whether inst is a barrier at the level.
func isBarrier(inst ir.Instruction, level Level) bool {
	call, ok := inst.(*ir.InstCall)
	if !ok {
		return false
	}
	switch cuda.LookupCall(symbolic.CalleeName(call)).Kind {
	case cuda.GridBarrier:
		return true
	case cuda.BlockBarrier:
		return level != GridLevel
	case cuda.WarpBarrier:
		return level == WarpLevel || level == FullWarpLevel && fullMask(call)
	}
	return false
}

// fullMask reports whether a __syncwarp's mask is the constant full mask.
func fullMask(call *ir.InstCall) bool {
	if len(call.Args) == 0 {
		return true
	}
	c, ok := symbolic.UnwrapArg(call.Args[0]).(*constant.Int)
	return ok && uint32(c.X.Int64()) == cuda.FullWarpMask
}

// computeIntervals fills every access's interval states at both levels.
func (a *analyzer) computeIntervals() {
	var synced [numLevels]map[*Loop]bool
	for level := range synced {
		synced[level] = map[*Loop]bool{}
		for _, l := range a.ev.G.Loops {
			synced[level][l] = a.loopSynced(l, Level(level))
		}
	}
	// Every barrier of a level is one of the warp level's.
	exits := a.computeLoopExits(synced[WarpLevel])
	for level := Level(0); level < numLevels; level++ {
		info := &intervalInfo{
			sourceBlock: []*ir.Block{nil}, sourceMask: []*expr.Term{nil}, synced: synced[level],
			level: level, deciding: map[*ir.Block]bool{}, decisions: map[string]map[branchAt]int{"": {}},
			distinctBits: len(a.ev.G.Loops) < 64, exits: exits,
		}
		a.intervals[level] = info
		a.propagate(level, info)
	}
}

// loopSynced reports whether every path around l's back edges passes a
// barrier of the level.
func (a *analyzer) loopSynced(l *Loop, level Level) bool {
	seen := map[*ir.Block]bool{}
	stack := []*ir.Block{l.Header}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[b] {
			continue
		}
		seen[b] = true
		if blockHasBarrier(b, level) {
			continue
		}
		for _, s := range a.ev.G.Succs[b] {
			if s == l.Header {
				return false
			}
			if l.Contains(s) {
				stack = append(stack, s)
			}
		}
	}
	return true
}

func blockHasBarrier(b *ir.Block, level Level) bool {
	for _, inst := range b.Insts {
		if isBarrier(inst, level) {
			return true
		}
	}
	return false
}
