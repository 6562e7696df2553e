// This file defines the values of host variables that stay in memory
// because their address is taken (a struct whose address goes into a
// launch's argument array, a struct copied into a launch stub's
// arguments): a load of such a variable reads what the one store to those
// bytes wrote, when nothing else can write them.

package hostanalysis

import (
	"cmp"
	"slices"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/value"

	"hgrd/cuda"
	"hgrd/expr"
	"hgrd/symbolic"
)

// A localStore is a store into a local variable at a fixed byte offset.
type localStore struct {
	store *ir.InstStore  // nil for a memory intrinsic or a call, which write bytes hgrd does not follow
	inst  ir.Instruction // the instruction that writes: the store, the intrinsic or the call
	block *ir.Block
	off   int64
	bytes int64
	// from is, for a memcpy or memmove, the pointer it copies from (the
	// bytes at from go to off); nil otherwise.
	from value.Value
	// pitched is, for a field of the cudaPitchedPtr that a call such as
	// cudaMalloc3D returns, the call, and field the field's offset in
	// the struct; nil otherwise.
	pitched *ir.InstCall
	field   int64
	// call is, for the bytes a call of a function defined in the file
	// writes through a pointer into the variable, the call: its arg-th
	// argument points argOff bytes into the variable. Nil otherwise.
	call   *ir.InstCall
	arg    int
	argOff int64
}

// maxCallDepth bounds the calls localStores follows into, to learn which
// bytes of a variable a callee writes through the pointer it is passed.
const maxCallDepth = 3

// localStores returns the stores into a local variable of f (an alloca,
// or the memory a pointer parameter points to), or ok false if something
// else may write it: a pointer to it hidden behind a phi, select or
// integer, a store at an unknown offset, a call hgrd cannot
// follow (one without a body, or deeper than maxCallDepth) that is given
// its address, or its address stored anywhere but into a local array of
// argument pointers. A call of a function defined in the file writes
// what that function writes through its parameter: such bytes count as
// written, by a store hgrd does not follow.
func localStores(f *ir.Func, slot value.Value) ([]localStore, bool) {
	return localStoresDepth(f, slot, 0)
}

func localStoresDepth(f *ir.Func, slot value.Value, depth int) ([]localStore, bool) {
	if !plainUses(f, slot) {
		return nil, false
	}
	derived := derivedPointers(f, slot)
	var stores []localStore
	for _, b := range f.Blocks {
		for _, inst := range b.Insts {
			switch i := inst.(type) {
			case *ir.InstStore:
				if derived[symbolic.StripPointerCasts(i.Src)] {
					if _, ok := symbolic.StripPointerCasts(i.Dst).(*ir.InstGetElementPtr); !ok {
						if _, ok := symbolic.StripPointerCasts(i.Dst).(*ir.InstAlloca); !ok {
							return nil, false
						}
					}
					continue // &slot into an array of argument pointers
				}
				if !derived[symbolic.StripPointerCasts(i.Dst)] {
					continue
				}
				base, off, ok := constOffset(i.Dst)
				if !ok || base != slot {
					return nil, false
				}
				stores = append(stores, localStore{store: i, inst: i, block: b, off: off, bytes: symbolic.SizeOf(i.Src.Type())})
			case *ir.InstCall:
				if fields, ok := pitchedPtrWrites(i, slot); ok {
					for _, w := range fields {
						w.block, w.inst = b, i
						stores = append(stores, w)
					}
					continue
				}
				if w, ok := intrinsicWrite(i, slot, derived); ok {
					w.block, w.inst = b, i
					stores = append(stores, w)
					continue
				}
				written, ok := callWrites(i, slot, derived, depth)
				if !ok {
					return nil, false
				}
				for _, w := range written {
					w.block, w.inst = b, i
					stores = append(stores, w)
				}
			}
		}
	}
	slices.SortFunc(stores, func(a, b localStore) int { return cmp.Compare(a.off, b.off) })
	return stores, true
}

// callWrites returns the bytes of slot a call writes through the
// pointers derived from slot that it is given; ok is false if it cannot
// tell.
func callWrites(call *ir.InstCall, slot value.Value, derived map[value.Value]bool, depth int) ([]localStore, bool) {
	var written []localStore
	for n, arg := range call.Args {
		if !derived[symbolic.StripPointerCasts(arg)] || readsArgument(call) || passedByValue(arg) || copiesFrom(call, n) || onlyReads(call, n) {
			continue
		}
		callee, ok := call.Callee.(*ir.Func)
		if !ok || len(callee.Blocks) == 0 || n >= len(callee.Params) || depth >= maxCallDepth {
			return nil, false
		}
		base, at, ok := constOffset(arg)
		if !ok || base != slot {
			return nil, false
		}
		inner, ok := localStoresDepth(callee, callee.Params[n], depth+1)
		if !ok {
			return nil, false
		}
		for _, s := range inner {
			written = append(written, localStore{off: at + s.off, bytes: s.bytes, call: call, arg: n, argOff: at})
		}
	}
	return written, true
}

// copiesFrom reports whether a call is a memcpy or memmove whose n-th
// argument is its source: it only reads through it.
func copiesFrom(call *ir.InstCall, n int) bool {
	return n == 1 && cuda.LookupCall(symbolic.CalleeName(call)).Kind == cuda.MemCopy
}

// plainUses reports whether every pointer f derives from p by casts and
// getelementptrs is only loaded from, stored to, stored into a local
// array, compared or passed to a call: no phi, select, integer
// conversion or return hides where it points.
func plainUses(f *ir.Func, p value.Value) bool {
	derived := derivedPointers(f, p)
	for _, b := range f.Blocks {
		for _, inst := range b.Insts {
			switch inst.(type) {
			case *ir.InstLoad, *ir.InstStore, *ir.InstCall, *ir.InstBitCast, *ir.InstGetElementPtr, *ir.InstICmp:
				continue
			}
			if usesAny(inst, derived) {
				return false
			}
		}
		if _, ok := b.Term.(*ir.TermRet); ok && usesAny(b.Term, derived) {
			return false
		}
	}
	return true
}

// derivedPointers returns the pointers of f derived from slot by casts
// and getelementptrs, slot included.
func derivedPointers(f *ir.Func, slot value.Value) map[value.Value]bool {
	derived := map[value.Value]bool{slot: true}
	for changed := true; changed; {
		changed = false
		for _, b := range f.Blocks {
			for _, inst := range b.Insts {
				var from value.Value
				switch i := inst.(type) {
				case *ir.InstBitCast:
					from = i.From
				case *ir.InstGetElementPtr:
					from = i.Src
				default:
					continue
				}
				if derived[symbolic.StripPointerCasts(from)] && !derived[inst.(value.Value)] {
					derived[inst.(value.Value)] = true
					changed = true
				}
			}
		}
	}
	return derived
}

// soleStores returns, by byte offset, the stores into a local variable
// that are the only store to their offset and whose block dominates b;
// ok is false if something else may write the variable (see
// localStores).
func soleStores(g *symbolic.Graph, slot value.Value, b *ir.Block) (map[int64]localStore, bool) {
	stores, ok := localStores(b.Parent, slot)
	if !ok {
		return nil, false
	}
	sole := map[int64]localStore{}
	for i, s := range stores {
		if s.store == nil || !g.Dominates(s.block, b) {
			continue
		}
		alone := true
		for j, t := range stores {
			if i != j && overlaps(t.off, t.bytes, s.off, s.bytes) {
				alone = false
			}
		}
		if alone {
			sole[s.off] = s
		}
	}
	return sole, true
}

// overlaps reports whether the bytes [off1, off1+n1) and [off2, off2+n2)
// share one.
func overlaps(off1, n1, off2, n2 int64) bool {
	return off1 < off2+n2 && off2 < off1+n1
}

// intrinsicWrite returns the bytes of slot that a memcpy, memmove or
// memset writes at a constant offset and length; ok is false for other
// calls and for intrinsics that do not write slot, or write it where hgrd
// cannot tell.
func intrinsicWrite(call *ir.InstCall, slot value.Value, derived map[value.Value]bool) (localStore, bool) {
	kind := cuda.LookupCall(symbolic.CalleeName(call)).Kind
	if kind != cuda.MemCopy && kind != cuda.MemSet || len(call.Args) < 3 || !derived[symbolic.StripPointerCasts(call.Args[0])] {
		return localStore{}, false
	}
	base, off, ok := constOffset(call.Args[0])
	n, isConst := symbolic.UnwrapArg(call.Args[2]).(*constant.Int)
	if !ok || base != slot || !isConst {
		return localStore{}, false
	}
	w := localStore{off: off, bytes: n.X.Int64()}
	if kind == cuda.MemCopy {
		w.from = symbolic.UnwrapArg(call.Args[1])
	}
	return w, true
}

// passedByValue reports whether a call argument is a pointer to memory
// the callee receives a copy of (byval): the call cannot write it.
func passedByValue(arg value.Value) bool {
	a, ok := arg.(*ir.Arg)
	if !ok {
		return false
	}
	for _, attr := range a.Attrs {
		if _, ok := attr.(ir.Byval); ok {
			return true
		}
	}
	return false
}

// onlyReads reports whether a call's callee, defined in the file, only
// loads through its n-th argument: every use of the parameter, through
// casts and getelementptrs, is a load. A variable passed by reference to
// such a helper (C++'s const int&, a template forwarding its arguments to
// a timed call) keeps the value the host analysis knows. opt-14 infers
// no readonly for templates and inline functions (linkonce_odr), whose
// definition another file may replace, so hgrd looks for itself.
func onlyReads(call *ir.InstCall, n int) bool {
	f, ok := call.Callee.(*ir.Func)
	if !ok || n >= len(f.Params) || len(f.Blocks) == 0 {
		return false
	}
	derived := derivedPointers(f, f.Params[n])
	for _, b := range f.Blocks {
		for _, inst := range b.Insts {
			if !usesAny(inst, derived) {
				continue
			}
			switch inst.(type) {
			case *ir.InstLoad, *ir.InstBitCast, *ir.InstGetElementPtr:
			default:
				return false
			}
		}
		if usesAny(b.Term, derived) {
			return false
		}
	}
	return true
}

// usesAny reports whether an instruction or terminator has an operand in
// set.
func usesAny(x interface{ Operands() []*value.Value }, set map[value.Value]bool) bool {
	for _, op := range x.Operands() {
		if op != nil && *op != nil && set[symbolic.StripPointerCasts(*op)] {
			return true
		}
	}
	return false
}

// readsArgument reports whether a call only reads the memory its pointer
// arguments point to: a launch's passing of arguments, and the lifetime
// markers.
func readsArgument(call *ir.InstCall) bool {
	name := symbolic.CalleeName(call)
	if name == cuda.SetupArgument {
		return true
	}
	if spec, ok := cuda.LookupLaunch(name); ok && spec.Kind == cuda.APILaunch {
		return true
	}
	return cuda.LookupCall(name).Kind == cuda.IgnoredCall
}

// localParts returns the stores that wrote exactly the bytes a load of a
// local variable reads, low bytes first: each the only store to its
// bytes, dominating the load (coveringParts). ok is false if it cannot
// tell, or if something other than a store wrote them (a memcpy, a
// cudaMalloc3D filling its cudaPitchedPtr).
func localParts(load *ir.InstLoad, g *symbolic.Graph) (parts []localStore, off int64, ok bool) {
	base, off, ok := constOffset(load.Src)
	slot, isLocal := base.(*ir.InstAlloca)
	if !ok || !isLocal {
		return nil, 0, false
	}
	at := g.Where[load]
	if at == nil {
		return nil, 0, false
	}
	stores, ok := localStores(at.Parent, slot)
	if !ok {
		return nil, 0, false
	}
	parts, ok = coveringParts(stores, off, off+symbolic.SizeOf(load.ElemType), g, at)
	if !ok || len(parts) == 0 || !allStores(parts) {
		return nil, 0, false
	}
	return parts, off, true
}

// allStores reports whether each part was written by a store instruction,
// whose value joinParts and storedValue read.
func allStores(parts []localStore) bool {
	for _, p := range parts {
		if p.store == nil {
			return false
		}
	}
	return true
}

// storedValue returns the value that one store wrote into exactly the
// bytes a load of a local variable reads.
func storedValue(load *ir.InstLoad, g *symbolic.Graph) (value.Value, bool) {
	parts, off, ok := localParts(load, g)
	if !ok || len(parts) != 1 || parts[0].off != off || !parts[0].store.Src.Type().Equal(load.ElemType) {
		return nil, false
	}
	return parts[0].store.Src, true
}

// contiguous reports whether parts, low bytes first and not overlapping,
// write every byte of [off, off+bytes).
func contiguous(parts []localStore, off, bytes int64) bool {
	next := off
	for _, p := range parts {
		if p.off != next {
			return false
		}
		next = p.off + p.bytes
	}
	return next == off+bytes
}

// joinParts returns the value of w bits from byte off that the stores
// write, if they write all of them, each with a store instruction.
func joinParts(ev *symbolic.Evaluator, parts []localStore, off int64, w int) *expr.Term {
	if !allStores(parts) || !contiguous(parts, off, int64(w)/8) {
		return nil
	}
	var v *expr.Term
	for _, p := range parts {
		t := ev.Term(p.store.Src)
		if t.IsBool() || int64(t.Width) != p.bytes*8 {
			return nil
		}
		if t.Width < w {
			t = expr.ZExt(t, w)
		}
		if shift := (p.off - off) * 8; shift > 0 {
			t = expr.Shl(t, expr.Const(uint64(shift), w))
		}
		if v == nil {
			v = t
		} else {
			v = expr.Add(v, t)
		}
	}
	return v
}
