// This file is the table of NVVM intrinsics and runtime functions that the
// kernel analysis recognises in device IR.

package cuda

import "strings"

// A CallKind says what a call in device code means to the race analysis.
type CallKind int

// The kinds of device calls.
const (
	UnknownCall  CallKind = iota // not in the table
	SpecialReg                   // reads a thread index or dimension
	BlockBarrier                 // __syncthreads and its variants
	WarpBarrier                  // __syncwarp(mask)
	GridBarrier                  // cooperative groups' grid.sync()
	Fence                        // __threadfence*
	AtomicCall                   // an NVVM atomic intrinsic
	ReadOnlyLoad                 // __ldg
	MemCopy                      // llvm.memcpy / llvm.memmove
	MemSet                       // llvm.memset
	PureCall                     // touches no memory; result opaque
	MinMax                       // llvm.smin/smax/umin/umax/abs: modelled arithmetic
	Requires                     // GPUVerify __requires: a precondition
	Assume                       // __builtin_assume, GPUVerify __assume: an assumption
	IgnoredCall                  // debug info, lifetimes, printf and the like
	NoReturn                     // assert failure and trap: the path ends
	BitCount                     // llvm.ctpop/cttz/ctlz: modelled arithmetic
	WarpVote                     // __ballot_sync: one value for a warp's lanes that run it together
	Shuffle                      // __shfl*_sync: the value another lane of the warp passes
)

// A Scope is the set of threads an atomic or a fence orders.
type Scope int

// The scopes, narrowest first.
const (
	ScopeBlock  Scope = iota // the threads of one block (_block, .cta)
	ScopeDevice              // every thread of the device (default)
	ScopeSystem              // the device, the host and peers (_system, .sys)
)

// String returns "block", "device" or "system".
func (s Scope) String() string {
	return [...]string{"block", "device", "system"}[s]
}

// Call describes what a device call means.
type Call struct {
	Kind     CallKind
	Register Register // SpecialReg
	Axis     int      // SpecialReg of a vector register: 0, 1, 2 for x, y, z
	Scope    Scope    // AtomicCall, Fence
	Op       string   // AtomicCall: "add", "exch", "cas", ...; MinMax: "smin", ...; BitCount: "ctpop", "cttz", "ctlz"; Shuffle: "idx", "up", "down", "bfly"
}

// callPrefixes maps name prefixes to their meaning; the longest matching
// prefix wins.
var callPrefixes = []struct {
	prefix string
	call   Call
}{
	{"llvm.nvvm.read.ptx.sreg.tid.", Call{Kind: SpecialReg, Register: RegTid}},
	{"llvm.nvvm.read.ptx.sreg.ctaid.", Call{Kind: SpecialReg, Register: RegCtaid}},
	{"llvm.nvvm.read.ptx.sreg.ntid.", Call{Kind: SpecialReg, Register: RegNtid}},
	{"llvm.nvvm.read.ptx.sreg.nctaid.", Call{Kind: SpecialReg, Register: RegNctaid}},
	{"llvm.nvvm.read.ptx.sreg.laneid", Call{Kind: SpecialReg, Register: RegLaneID}},
	{"llvm.nvvm.read.ptx.sreg.warpsize", Call{Kind: SpecialReg, Register: RegWarpSize}},
	{"llvm.nvvm.read.ptx.sreg.", Call{Kind: PureCall}}, // clocks, lane masks, sm ids
	{"llvm.nvvm.barrier0", Call{Kind: BlockBarrier}},
	{"llvm.nvvm.barrier.sync", Call{Kind: BlockBarrier}},
	{"llvm.nvvm.bar.sync", Call{Kind: BlockBarrier}},
	{"llvm.nvvm.bar.warp.sync", Call{Kind: WarpBarrier}},
	{"llvm.nvvm.membar.cta", Call{Kind: Fence, Scope: ScopeBlock}},
	{"llvm.nvvm.membar.gl", Call{Kind: Fence, Scope: ScopeDevice}},
	{"llvm.nvvm.membar.sys", Call{Kind: Fence, Scope: ScopeSystem}},
	{"llvm.nvvm.atomic.", Call{Kind: AtomicCall, Scope: ScopeDevice}},
	// The warp collectives (*_sync shuffles, votes and matches) exchange
	// values among the lanes of their mask but order no memory accesses:
	// only __syncwarp does (CUDA Programming Guide, warp functions).
	{"llvm.nvvm.shfl.sync.", Call{Kind: PureCall}},
	{"llvm.nvvm.shfl.sync.idx.", Call{Kind: Shuffle, Op: "idx"}},
	{"llvm.nvvm.shfl.sync.up.", Call{Kind: Shuffle, Op: "up"}},
	{"llvm.nvvm.shfl.sync.down.", Call{Kind: Shuffle, Op: "down"}},
	{"llvm.nvvm.shfl.sync.bfly.", Call{Kind: Shuffle, Op: "bfly"}},
	{"llvm.nvvm.vote.ballot.sync", Call{Kind: WarpVote, Op: "ballot"}},
	{"llvm.nvvm.vote.", Call{Kind: PureCall}},
	{"llvm.nvvm.match.", Call{Kind: PureCall}},
	{"llvm.nvvm.ldg.global.", Call{Kind: ReadOnlyLoad}},
	{"llvm.memcpy.", Call{Kind: MemCopy}},
	{"llvm.memmove.", Call{Kind: MemCopy}},
	{"llvm.memset.", Call{Kind: MemSet}},
	{"llvm.smin.", Call{Kind: MinMax, Op: "smin"}},
	{"llvm.smax.", Call{Kind: MinMax, Op: "smax"}},
	{"llvm.umin.", Call{Kind: MinMax, Op: "umin"}},
	{"llvm.umax.", Call{Kind: MinMax, Op: "umax"}},
	{"llvm.abs.", Call{Kind: MinMax, Op: "abs"}},
	{"llvm.ctpop.", Call{Kind: BitCount, Op: "ctpop"}},
	{"llvm.cttz.", Call{Kind: BitCount, Op: "cttz"}},
	{"llvm.ctlz.", Call{Kind: BitCount, Op: "ctlz"}},
	{"llvm.lifetime.", Call{Kind: IgnoredCall}},
	{"llvm.dbg.", Call{Kind: IgnoredCall}},
	{"llvm.assume", Call{Kind: Assume}}, // __builtin_assume
	{"llvm.experimental.noalias.scope.decl", Call{Kind: IgnoredCall}},
	{"llvm.invariant.", Call{Kind: IgnoredCall}},
	{"llvm.trap", Call{Kind: NoReturn}},
	{"llvm.nvvm.", Call{Kind: PureCall}}, // shuffles, votes, math, conversions
	{"llvm.", Call{Kind: PureCall}},      // fabs, sqrt, fma, ctpop, ...
	{"__nv_", Call{Kind: PureCall}},      // libdevice math
	{"vprintf", Call{Kind: IgnoredCall}},
	{"__assertfail", Call{Kind: NoReturn}},
	{"__assert_fail", Call{Kind: NoReturn}},
	{"__hgrd_requires", Call{Kind: Requires}},
	{"__hgrd_grid_sync", Call{Kind: GridBarrier}},
	// The prelude's <cuda/atomic> loads and stores with a scope, which
	// LLVM 14 cannot express: __hgrd_atomic_{load,store}_<scope>_<bytes>.
	{"__hgrd_atomic_", Call{Kind: AtomicCall}},
	{"malloc", Call{Kind: PureCall}}, // device heap: a fresh allocation
	{"free", Call{Kind: IgnoredCall}},
	{"__hgrd_assume", Call{Kind: Assume}},
}

// textureMarker is in the (possibly mangled) names of the prelude's
// texture fetches, which read read-only memory.
const textureMarker = "__hgrd_tex"

// LookupCall returns the meaning of a call to the named function.
func LookupCall(name string) Call {
	best, bestLen := Call{}, -1
	for _, p := range callPrefixes {
		if strings.HasPrefix(name, p.prefix) && len(p.prefix) > bestLen {
			best, bestLen = p.call, len(p.prefix)
		}
	}
	if bestLen < 0 && strings.Contains(name, textureMarker) {
		best.Kind = PureCall
	}
	switch best.Kind {
	case SpecialReg:
		best.Axis = axisOf(name)
	case AtomicCall:
		best.Scope = atomicScope(name)
		best.Op = atomicOp(name)
	}
	return best
}

// axisOf returns the axis named by a trailing ".x", ".y" or ".z".
func axisOf(name string) int {
	switch {
	case strings.HasSuffix(name, ".y"):
		return 1
	case strings.HasSuffix(name, ".z"):
		return 2
	}
	return 0
}

// atomicScope reads the scope of an NVVM atomic intrinsic from its name:
// llvm.nvvm.atomic.add.gen.i.cta.i32.p0i32 is block scope.
func atomicScope(name string) Scope {
	switch {
	case strings.Contains(name, ".cta."), strings.Contains(name, "_block_"):
		return ScopeBlock
	case strings.Contains(name, ".sys."), strings.Contains(name, "_system_"):
		return ScopeSystem
	}
	return ScopeDevice
}

// atomicOp reads the operation of an NVVM atomic intrinsic:
// "add" in llvm.nvvm.atomic.add.gen.i.cta, "inc" in
// llvm.nvvm.atomic.load.inc.32, "load" in __hgrd_atomic_load_block_4.
func atomicOp(name string) string {
	if rest, ok := strings.CutPrefix(name, "__hgrd_atomic_"); ok {
		op, _, _ := strings.Cut(rest, "_")
		return op
	}
	rest := strings.TrimPrefix(name, "llvm.nvvm.atomic.")
	rest = strings.TrimPrefix(rest, "load.")
	if i := strings.IndexByte(rest, '.'); i >= 0 {
		rest = rest[:i]
	}
	return rest
}

// Memory address spaces of NVPTX.
const (
	AddrGeneric  = 0
	AddrGlobal   = 1
	AddrShared   = 3
	AddrConstant = 4
	AddrLocal    = 5
)

// asmOrdering lists the PTX instruction prefixes with which inline
// assembly may synchronise threads or order or write memory: barriers,
// fences, atomics and reductions, stores, asynchronous copies.
var asmOrdering = []string{"bar.", "barrier.", "mbarrier.", "membar.", "fence.", "atom.", "red.", "st.", "cp.", "wgmma.", "multimem."}

// AsmMayOrder reports whether inline PTX may synchronise threads or order
// or write memory: whether it holds one of asmOrdering's instructions.
// Shuffles, votes and register moves (cub's shfl.sync.up, a %laneid
// read) do none of these.
func AsmMayOrder(asm string) bool {
	for _, stmt := range strings.FieldsFunc(asm, func(r rune) bool { return r == ';' || r == '\n' || r == '{' || r == '}' }) {
		fields := strings.Fields(stmt)
		if len(fields) == 0 {
			continue
		}
		op := fields[0]
		if strings.HasPrefix(op, "@") && len(fields) > 1 { // a predicated instruction
			op = fields[1]
		}
		for _, p := range asmOrdering {
			if strings.HasPrefix(op, p) {
				return true
			}
		}
	}
	return false
}
