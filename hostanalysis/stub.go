// This file defines the layout of a launch stub's parameters. The host ABI
// may split a kernel parameter that is a small struct into several stub
// parameters (struct { float *a, *b; } becomes two pointers; struct {
// float *p; int s, n; } a pointer and an i64) or pass a large one by
// pointer. The stub stores its parameters into the kernel parameters'
// storage, and that tells which bytes of which kernel parameter each stub
// parameter holds.

package hostanalysis

import (
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"hgrd/cuda"
	"hgrd/expr"
	"hgrd/symbolic"
)

// A stubSlot says what one stub parameter holds: bytes from Offset of
// kernel parameter Param, or with ByVal, a pointer to the whole of it.
type stubSlot struct {
	Param  int
	Offset int64
	ByVal  bool
}

// stubLayout returns, by stub parameter, what each holds; ok is false if
// the stub's storage of its parameters cannot be followed.
func stubLayout(stub *ir.Func, kernelParams int) ([]stubSlot, bool) {
	storage := parameterStorage(stub)
	if len(storage) != kernelParams {
		return nil, false
	}
	of := map[value.Value]int{}
	for i, s := range storage {
		of[s] = i
	}
	layout := make([]stubSlot, len(stub.Params))
	found := make([]bool, len(stub.Params))
	for j, p := range stub.Params {
		if i, ok := of[p]; ok {
			layout[j], found[j] = stubSlot{Param: i, ByVal: true}, true
		}
	}
	for _, b := range stub.Blocks {
		for _, inst := range b.Insts {
			st, ok := inst.(*ir.InstStore)
			if !ok {
				continue
			}
			j := paramIndex(stub, storedBool(st.Src))
			base, off, ok := constOffset(st.Dst)
			if i, isStorage := of[base]; ok && isStorage && j >= 0 && !found[j] {
				layout[j], found[j] = stubSlot{Param: i, Offset: off}, true
			}
		}
	}
	for _, f := range found {
		if !f {
			return nil, false
		}
	}
	return layout, true
}

// parameterStorage returns, by kernel parameter, the stub's local
// variable that holds it: the pointers passed to cudaSetupArgument in
// order, or the elements of the array of pointers passed to
// cudaLaunchKernel.
func parameterStorage(stub *ir.Func) []value.Value {
	var setup []value.Value
	for _, b := range stub.Blocks {
		for _, inst := range b.Insts {
			call, ok := inst.(*ir.InstCall)
			if !ok {
				continue
			}
			g, ok := call.Callee.(*ir.Func)
			if !ok {
				continue
			}
			if g.Name() == cuda.SetupArgument && len(call.Args) > cuda.SetupArgumentPtr {
				setup = append(setup, symbolic.StripPointerCasts(call.Args[cuda.SetupArgumentPtr]))
			}
			if spec, ok := cuda.LookupLaunch(g.Name()); ok && spec.Kind == cuda.APILaunch && spec.Args < len(call.Args) {
				slots, ok := argumentSlots(stub, call.Args[spec.Args])
				if !ok {
					return nil
				}
				array := make([]value.Value, len(slots))
				for i := range array {
					if slots[i] == nil {
						return nil
					}
					array[i] = slots[i]
				}
				return array
			}
		}
	}
	return setup
}

// storedBool returns the i1 that v widens to a byte, as a stub stores a
// bool parameter (zext i1 %flag to i8), or v itself.
func storedBool(v value.Value) value.Value {
	if z, ok := v.(*ir.InstZExt); ok && symbolic.WidthOf(z.From.Type()) == expr.Bool {
		return z.From
	}
	return v
}

// paramIndex returns the position of v among f's parameters, or -1.
func paramIndex(f *ir.Func, v value.Value) int {
	v = symbolic.UnwrapArg(v)
	for i, p := range f.Params {
		if value.Value(p) == v {
			return i
		}
	}
	return -1
}

// constOffset returns the pointer that v is derived from by casts and
// getelementptrs with constant indices, and the byte offset they add.
func constOffset(v value.Value) (value.Value, int64, bool) {
	base, off, exact := addressParts(v, false)
	if !exact {
		return nil, 0, false
	}
	return base, off, true
}

// addressParts returns the pointer that ptr is derived from by casts and
// getelementptrs (getelementptr expressions of constants too, if
// constants is set), and the byte offset they add; exact is false if an
// index is not a constant, and the offset is then that of the others.
func addressParts(ptr value.Value, constants bool) (base value.Value, off int64, exact bool) {
	exact = true
	for {
		var elem types.Type
		var indices []value.Value
		switch p := symbolic.StripPointerCasts(ptr).(type) {
		case *ir.InstGetElementPtr:
			ptr, elem, indices = p.Src, p.ElemType, p.Indices
		case *constant.ExprGetElementPtr:
			if !constants {
				return p, off, exact
			}
			ptr, elem = p.Src, p.ElemType
			for _, idx := range p.Indices {
				if ix, ok := idx.(*constant.Index); ok {
					idx = ix.Constant // an index marked inrange
				}
				indices = append(indices, idx)
			}
		default:
			return p, off, exact
		}
		n, ok := indexOffset(elem, indices)
		off += n
		exact = exact && ok
	}
}

// indexOffset returns the byte offset that a getelementptr's indices
// add to its source, of element type t, if they are all constants.
func indexOffset(t types.Type, indices []value.Value) (int64, bool) {
	var off int64
	for k, idx := range indices {
		c, ok := symbolic.UnwrapArg(idx).(*constant.Int)
		if !ok {
			return 0, false
		}
		n := c.X.Int64()
		switch tt := t.(type) {
		case nil:
			return 0, false
		case *types.StructType:
			if k == 0 {
				off += n * symbolic.SizeOf(t)
				continue
			}
			_, offs := symbolic.StructLayout(tt)
			off += offs[n]
			t = tt.Fields[n]
		case *types.ArrayType:
			if k == 0 {
				off += n * symbolic.SizeOf(t)
				continue
			}
			off += n * symbolic.SizeOf(tt.ElemType)
			t = tt.ElemType
		default:
			if k != 0 {
				return 0, false
			}
			off += n * symbolic.SizeOf(t)
		}
	}
	return off, true
}
