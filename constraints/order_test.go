package constraints

import (
	"slices"
	"testing"

	"github.com/llir/llvm/ir"

	"hgrd/cuda"
	"hgrd/expr"
	"hgrd/frontend"
	"hgrd/kernelanalysis"
)

// flagKernel is a producer/consumer hand-off written by hand: the
// producers (block 0 threads for which producing holds) write data, then
// fence and set the flag to 1; the consumer spins until the flag lets
// exit pass, then reads data.
type flagKernel struct {
	k        *kernelanalysis.Kernel
	produced *kernelanalysis.Access
	consumed *kernelanalysis.Access
}

// newFlagKernel returns the hand-off with the producer's fence of the
// given scope, the writers of the flag restricted by producing, and the
// consumer's exit condition on the value v it reads.
func newFlagKernel(fence cuda.Scope, producing *expr.Term, exit func(v *expr.Term) *expr.Term) *flagKernel {
	flag := &kernelanalysis.Object{Name: "flag", Space: kernelanalysis.Global}
	data := &kernelanalysis.Object{Name: "data", Space: kernelanalysis.Global}
	zero, four := expr.Const(0, 64), expr.Const(4, 64)
	exch, spin := &ir.InstFence{}, &ir.InstFence{} // stand-ins: only their identity matters
	exchOp := kernelanalysis.SyncOp{Name: "atomicExch", Scope: cuda.ScopeDevice}
	writer := &kernelanalysis.Access{Kind: kernelanalysis.Atomic, Object: flag, Offset: zero, Size: four,
		Cond: producing, Value: expr.Const(1, 32), Inst: exch, Op: "atomicExch", Scope: cuda.ScopeDevice}
	release := &kernelanalysis.Guard{Kind: kernelanalysis.ReleaseGuard, Object: flag, Offset: zero, Inst: exch,
		Ops: []kernelanalysis.SyncOp{{Name: "__threadfence", Scope: fence}, exchOp}}
	result := expr.Var("v", 32, expr.PerThread)
	acquire := &kernelanalysis.Guard{Kind: kernelanalysis.AcquireGuard, Object: flag, Offset: zero, Inst: spin,
		Ops: []kernelanalysis.SyncOp{{Name: "atomicAdd", Scope: cuda.ScopeDevice}}, Result: result, Exit: exit(result)}
	produced := &kernelanalysis.Access{Kind: kernelanalysis.Write, Object: data, Offset: zero, Size: four,
		Cond: producing, Guards: []*kernelanalysis.Guard{release}}
	consumed := &kernelanalysis.Access{Kind: kernelanalysis.Read, Object: data, Offset: zero, Size: four,
		Cond: expr.True(), Guards: []*kernelanalysis.Guard{acquire}}
	k := &kernelanalysis.Kernel{Accesses: []*kernelanalysis.Access{writer, produced, consumed}}
	return &flagKernel{k, produced, consumed}
}

// threads gives instances of the per-thread variables: instance n is
// thread threadIdx.x = tids[n-1] of block blockIdx.x = blocks[n-1], in a
// launch of 2 blocks of 64 threads.
func threads(blocks, tids []uint64) expr.MapEnv {
	env := expr.MapEnv{}
	for axis := 0; axis < 3; axis++ {
		env[kernelanalysis.BlockDim(axis).Name] = 1
		env[kernelanalysis.GridDim(axis).Name] = 1
	}
	env[kernelanalysis.BlockDim(0).Name] = 64
	env[kernelanalysis.GridDim(0).Name] = 2
	for i := range blocks {
		for axis := 0; axis < 3; axis++ {
			env[expr.Instantiate(kernelanalysis.BlockIdx(axis), i+1).Name] = 0
			env[expr.Instantiate(kernelanalysis.ThreadIdx(axis), i+1).Name] = 0
		}
		env[expr.Instantiate(kernelanalysis.BlockIdx(0), i+1).Name] = blocks[i]
		env[expr.Instantiate(kernelanalysis.ThreadIdx(0), i+1).Name] = tids[i]
	}
	return env
}

func TestFlagOrdering(t *testing.T) {
	inBlock0 := expr.Eq(kernelanalysis.BlockIdx(0), expr.Const(0, 32))
	onlyThread0 := expr.AllOf(inBlock0, expr.Eq(kernelanalysis.ThreadIdx(0), expr.Const(0, 32)))
	nonZero := func(v *expr.Term) *expr.Term { return expr.Ne(v, expr.Const(0, 32)) }
	isZero := func(v *expr.Term) *expr.Term { return expr.Eq(v, expr.Const(0, 32)) }
	tests := []struct {
		fence     cuda.Scope
		producing *expr.Term
		exit      func(v *expr.Term) *expr.Term
		writer    uint64 // threadIdx.x of the flag's writer (thread 3), in block 0
		unordered bool
		reason    string
	}{
		{cuda.ScopeDevice, onlyThread0, nonZero, 0, false,
			"the only writer is the producer, after a device fence: ordered with no consumer fence"},
		{cuda.ScopeDevice, inBlock0, nonZero, 1, true,
			"another thread of block 0 writes the flag too: the consumer may have seen its write"},
		{cuda.ScopeDevice, onlyThread0, isZero, 0, true,
			"the spin exits on the flag's initial value"},
		{cuda.ScopeBlock, onlyThread0, nonZero, 0, true,
			"a block-scope fence does not order the producer with a consumer of another block"},
	}
	for _, tt := range tests {
		fk := newFlagKernel(tt.fence, tt.producing, tt.exit)
		term := newOrderer(fk.k, &Launch{}, InterBlock).unordered(fk.produced, fk.consumed)
		writers := []uint64{tt.writer}
		if !tt.unordered {
			writers = []uint64{0, 1, 2, 31, 32, 63} // ordered whichever thread the solver picks
		}
		for _, w := range writers {
			got, err := expr.Eval(term, threads([]uint64{0, 1, 0}, []uint64{0, 0, w}))
			if err != nil {
				t.Fatalf("%s: %v", tt.reason, err)
			}
			if (got != 0) != tt.unordered {
				t.Errorf("writer %d: unordered = %v, want %v (%s)\n%s", w, got != 0, tt.unordered, tt.reason, term)
			}
		}
	}
}

func TestExitOn(t *testing.T) {
	r := expr.Var("v", 32, expr.PerThread)
	g := &kernelanalysis.Guard{Result: r, Exit: expr.Ne(r, expr.Var("gen", 32, expr.Shared))}
	got := exitOn(g, 2, expr.Const(7, 32))
	env := expr.MapEnv{"gen": 7}
	if v, err := expr.Eval(got, env); err != nil || v != 0 {
		t.Errorf("exitOn(v != gen, 7) with gen = 7 is %v (%v), want false: the spin's result is replaced by the value read", v, err)
	}
}

// chainKernel is a chained hand-off written by hand, as a chained scan
// makes it: thread 0 of block 0 writes data, then releases flag[0];
// thread 0 of each block b > 0 spins on flag[b-1], reads data, then
// (fence; atomicExch) sets flag[b]. One relay site passes the flag on
// through every block.
type chainKernel struct {
	k        *kernelanalysis.Kernel
	produced *kernelanalysis.Access
	consumed *kernelanalysis.Access
	fence    kernelanalysis.SyncOp // the relay's
}

// newChainKernel returns the chain with the relay's fence of the given
// scope and the relay's spin exiting on the value v it reads as exit says
// (the consumer's spin exits on v != 0).
func newChainKernel(fence cuda.Scope, exit func(v *expr.Term) *expr.Term) *chainKernel {
	flag := &kernelanalysis.Object{Name: "flag", Space: kernelanalysis.Global}
	data := &kernelanalysis.Object{Name: "data", Space: kernelanalysis.Global}
	b := kernelanalysis.BlockIdx(0)
	zero32, four := expr.Const(0, 32), expr.Const(4, 64)
	leader := expr.Eq(kernelanalysis.ThreadIdx(0), zero32)
	origin := expr.AllOf(leader, expr.Eq(b, zero32))
	relaying := expr.AllOf(leader, expr.Ne(b, zero32))
	index := func(t *expr.Term) *expr.Term { return expr.ZExt(expr.Mul(t, expr.Const(4, 32)), 64) }
	previous := index(expr.Sub(b, expr.Const(1, 32)))
	device := func(name string) kernelanalysis.SyncOp {
		return kernelanalysis.SyncOp{Name: name, Scope: cuda.ScopeDevice}
	}
	fenceOp := kernelanalysis.SyncOp{Name: "__threadfence", Scope: fence, Pos: frontend.Pos{Line: 7}}
	release, relay, spin := &ir.InstFence{}, &ir.InstFence{}, &ir.InstFence{} // stand-ins: only their identity matters
	spinOn := func(exit func(v *expr.Term) *expr.Term, fence *kernelanalysis.SyncOp) *kernelanalysis.Guard {
		result := expr.Var("v", 32, expr.PerThread)
		return &kernelanalysis.Guard{Kind: kernelanalysis.AcquireGuard, Object: flag, Offset: previous, Inst: spin,
			Ops: []kernelanalysis.SyncOp{device("atomicAdd")}, Result: result, Exit: exit(result), Fence: fence}
	}
	origins := &kernelanalysis.Access{Kind: kernelanalysis.Atomic, Object: flag, Offset: expr.Const(0, 64), Size: four,
		Cond: origin, Value: expr.Const(1, 32), Inst: release, Op: "atomicExch", Scope: cuda.ScopeDevice}
	relays := &kernelanalysis.Access{Kind: kernelanalysis.Atomic, Object: flag, Offset: index(b), Size: four,
		Cond: relaying, Value: expr.Const(1, 32), Inst: relay, Op: "atomicExch", Scope: cuda.ScopeDevice,
		Guards: []*kernelanalysis.Guard{spinOn(exit, &fenceOp)}}
	released := &kernelanalysis.Guard{Kind: kernelanalysis.ReleaseGuard, Object: flag, Offset: expr.Const(0, 64), Inst: release,
		Ops: []kernelanalysis.SyncOp{device("__threadfence"), device("atomicExch")}}
	nonZero := func(v *expr.Term) *expr.Term { return expr.Ne(v, zero32) }
	produced := &kernelanalysis.Access{Kind: kernelanalysis.Write, Object: data, Offset: expr.Const(0, 64), Size: four,
		Cond: origin, Guards: []*kernelanalysis.Guard{released}}
	consumed := &kernelanalysis.Access{Kind: kernelanalysis.Read, Object: data, Offset: expr.Const(0, 64), Size: four,
		Cond: relaying, Guards: []*kernelanalysis.Guard{spinOn(nonZero, nil)}}
	k := &kernelanalysis.Kernel{Accesses: []*kernelanalysis.Access{origins, relays, produced, consumed}}
	return &chainKernel{k, produced, consumed, fenceOp}
}

// someChoice reports whether term holds for some choice of the blocks of
// the instances from first on (thread 0 of each), in a launch of grid
// blocks of one thread, with instance n < first in block blocks[n-1].
func someChoice(t *testing.T, term *expr.Term, grid uint64, blocks []uint64, first, instances int) bool {
	env := expr.MapEnv{}
	for axis := 0; axis < 3; axis++ {
		env[kernelanalysis.BlockDim(axis).Name] = 1
		env[kernelanalysis.GridDim(axis).Name] = 1
		for n := 1; n < instances; n++ {
			env[expr.Instantiate(kernelanalysis.BlockIdx(axis), n).Name] = 0
			env[expr.Instantiate(kernelanalysis.ThreadIdx(axis), n).Name] = 0
		}
	}
	env[kernelanalysis.GridDim(0).Name] = grid
	for n, b := range blocks {
		env[expr.Instantiate(kernelanalysis.BlockIdx(0), n+1).Name] = b
	}
	var try func(n int) bool
	try = func(n int) bool {
		if n == instances {
			got, err := expr.Eval(term, env)
			if err != nil {
				t.Fatal(err)
			}
			return got != 0
		}
		for b := uint64(0); b < grid; b++ {
			env[expr.Instantiate(kernelanalysis.BlockIdx(0), n).Name] = b
			if try(n + 1) {
				return true
			}
		}
		return false
	}
	return try(first)
}

func TestChainInduction(t *testing.T) {
	nonZero := func(v *expr.Term) *expr.Term { return expr.Ne(v, expr.Const(0, 32)) }
	isZero := func(v *expr.Term) *expr.Term { return expr.Eq(v, expr.Const(0, 32)) }
	tests := []struct {
		fence     cuda.Scope
		exit      func(v *expr.Term) *expr.Term
		consumer  uint64 // block of the reader (thread 2); block 0 writes
		unordered bool
		narrow    bool // the relay's fence is named as too narrow
		reason    string
	}{
		{cuda.ScopeDevice, nonZero, 4, false, false,
			"three relays of one site, each hop with a device fence: ordered by induction, whatever the chain's length"},
		{cuda.ScopeDevice, nonZero, 1, false, false,
			"the first block after the producer reads its release directly"},
		{cuda.ScopeDevice, isZero, 4, true, false,
			"the relay's spin exits on the flag's initial value: a relay may pass on what it never received"},
		{cuda.ScopeBlock, nonZero, 4, true, true,
			"the relay's block-scope fence does not order its block with the next"},
		{cuda.ScopeBlock, nonZero, 1, false, true,
			"the block after the producer does not depend on the relay's fence"},
	}
	for _, tt := range tests {
		ck := newChainKernel(tt.fence, tt.exit)
		o := newOrderer(ck.k, &Launch{}, InterBlock)
		term := o.unordered(ck.produced, ck.consumed)
		if got := someChoice(t, term, 5, []uint64{0, tt.consumer}, firstFresh, o.next); got != tt.unordered {
			t.Errorf("unordered = %v, want %v (%s)\n%s", got, tt.unordered, tt.reason, term)
		}
		if got := slices.Contains(o.narrow, ck.fence); got != tt.narrow {
			t.Errorf("relay fence among the narrow operations = %v, want %v (%s)", got, tt.narrow, tt.reason)
		}
		if tt.narrow && tt.unordered {
			lifted := newOrderer(ck.k, &Launch{}, InterBlock, ck.fence)
			term := lifted.unordered(ck.produced, ck.consumed)
			if someChoice(t, term, 5, []uint64{0, tt.consumer}, firstFresh, lifted.next) {
				t.Errorf("with the relay's fence taken as wide enough, still unordered (%s)", tt.reason)
			}
		}
	}
}
