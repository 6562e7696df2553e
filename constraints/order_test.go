package constraints

import (
	"testing"

	"github.com/llir/llvm/ir"

	"hgrd/cuda"
	"hgrd/expr"
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
