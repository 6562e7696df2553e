// This file defines launch sites: each <<<>>> launch of a kernel in the
// host code, with its launch shape when the shape is a constant.

package hostanalysis

import (
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/value"

	"hgrd/frontend"
)

// A Launch is one launch site of a kernel.
//
// Example printed form:
//
//	launch of reduce<<<(4,1,1), (256,1,1)>>> at main.cu:42:3
type Launch struct {
	Kernel *frontend.Kernel
	Caller *ir.Func     // the host function that launches it
	Call   *ir.InstCall // the call of the kernel's launch stub
	Pos    frontend.Pos // the launch's position
	// GridDim and BlockDim are the launch's dimensions where they are
	// constants; a zero component is not known.
	GridDim, BlockDim [3]int64
	// ConstArgs holds the integer arguments that are constants, by
	// parameter position.
	ConstArgs map[int]int64
}

// configureCalls are the runtime entry points that receive a launch's
// shape before the stub is called: clang-14 without a CUDA version uses the
// first, newer setups the second.
var configureCalls = map[string]bool{
	"cudaConfigureCall":           true,
	"__cudaPushCallConfiguration": true,
}

// Launches returns the launch sites of the unit's kernels, in host
// function and instruction order.
func Launches(u *frontend.Unit) []*Launch {
	var launches []*Launch
	for _, f := range u.HostFuncs {
		preds := predecessors(f)
		for _, b := range f.Blocks {
			for i, inst := range b.Insts {
				call, ok := inst.(*ir.InstCall)
				if !ok {
					continue
				}
				stub, ok := call.Callee.(*ir.Func)
				if !ok {
					continue
				}
				k := u.KernelOfStub(stub)
				if k == nil {
					continue
				}
				pos, _ := u.Pos(call)
				l := &Launch{Kernel: k, Caller: f, Call: call, Pos: pos, ConstArgs: constArgs(call)}
				if cfg := configureBefore(b, i, preds); cfg != nil {
					l.GridDim, l.BlockDim = decodeShape(cfg)
				}
				launches = append(launches, l)
			}
		}
	}
	return launches
}

// predecessors maps each block of f to its predecessors.
func predecessors(f *ir.Func) map[*ir.Block][]*ir.Block {
	preds := map[*ir.Block][]*ir.Block{}
	for _, b := range f.Blocks {
		for _, s := range b.Term.Succs() {
			preds[s] = append(preds[s], b)
		}
	}
	return preds
}

// configureBefore finds the configuration call that precedes instruction i
// of block b: earlier in b, or in the chain of single predecessors.
func configureBefore(b *ir.Block, i int, preds map[*ir.Block][]*ir.Block) *ir.InstCall {
	seen := map[*ir.Block]bool{}
	for b != nil && !seen[b] {
		seen[b] = true
		for j := i - 1; j >= 0; j-- {
			if call, ok := b.Insts[j].(*ir.InstCall); ok {
				if f, ok := call.Callee.(*ir.Func); ok && configureCalls[f.Name()] {
					return call
				}
			}
		}
		if len(preds[b]) != 1 {
			return nil
		}
		b = preds[b][0]
		i = len(b.Insts)
	}
	return nil
}

// decodeShape reads the constant components of a configuration call's
// grid and block: each dim3 arrives coerced to (i64 x | y<<32, i32 z).
func decodeShape(cfg *ir.InstCall) (grid, block [3]int64) {
	if len(cfg.Args) < 4 {
		return
	}
	grid = decodeDim3(cfg.Args[0], cfg.Args[1])
	block = decodeDim3(cfg.Args[2], cfg.Args[3])
	return
}

func decodeDim3(xy, z value.Value) [3]int64 {
	var d [3]int64
	if a, ok := xy.(*ir.Arg); ok {
		xy = a.Value
	}
	if a, ok := z.(*ir.Arg); ok {
		z = a.Value
	}
	if c, ok := xy.(*constant.Int); ok {
		v := c.X.Uint64()
		d[0], d[1] = int64(v&0xffffffff), int64(v>>32)
	} else if high, ok := constHighHalf(xy); ok {
		d[1] = high
	}
	if c, ok := z.(*constant.Int); ok {
		d[2] = c.X.Int64()
	}
	return d
}

// constArgs returns the constant integer arguments of a stub call.
func constArgs(call *ir.InstCall) map[int]int64 {
	args := map[int]int64{}
	for i, arg := range call.Args {
		if a, ok := arg.(*ir.Arg); ok {
			arg = a.Value
		}
		if c, ok := arg.(*constant.Int); ok {
			args[i] = c.X.Int64()
		}
	}
	return args
}

// constHighHalf recognises the packing of a variable x with a constant y,
// zext(x) | y<<32, and returns y.
func constHighHalf(v value.Value) (int64, bool) {
	or, ok := v.(*ir.InstOr)
	if !ok {
		return 0, false
	}
	for _, pair := range [][2]value.Value{{or.X, or.Y}, {or.Y, or.X}} {
		c, isConst := pair[0].(*constant.Int)
		z, isZExt := pair[1].(*ir.InstZExt)
		if isConst && isZExt && z.From.Type().String() == "i32" && c.X.Uint64()&0xffffffff == 0 {
			return int64(c.X.Uint64() >> 32), true
		}
	}
	return 0, false
}
