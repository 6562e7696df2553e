// This file defines the functions a table of function pointers holds:
// a launcher picked from a constant table (funcs[] = {run<32>, run<64>};
// funcs[i](...)), which clang may copy into a local array before the
// call loads from it.

package hostanalysis

import (
	"sort"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/value"

	"hgrd/cuda"
	"hgrd/symbolic"
)

// A funcTable maps the byte offsets of a table to the functions stored
// there.
type funcTable map[int64]*ir.Func

// tableFuncs returns the functions a load of f from address ptr may
// read, where ptr points into a table of functions: the one at its
// offset, if the offset is a constant (as if the compiler had folded
// the load, which it does for small tables), else every function of the
// table. The table is a constant global, or a local array of f into
// which only constant tables are copied and only functions stored. ok
// is false for any other memory, or an offset where the table holds no
// function.
func tableFuncs(f *ir.Func, ptr value.Value) (funcs []*ir.Func, ok bool) {
	base, off, exact := addressParts(ptr, true)
	var table funcTable
	switch base := base.(type) {
	case *ir.Global:
		table, ok = globalTable(base)
	case *ir.InstAlloca:
		table, ok = localTable(f, base)
	}
	if !ok {
		return nil, false
	}
	if exact {
		g, found := table[off]
		return []*ir.Func{g}, found
	}
	return table.funcs(), true
}

// funcs returns the functions of a table in the order of their offsets.
func (t funcTable) funcs() []*ir.Func {
	offs := make([]int64, 0, len(t))
	for off := range t {
		offs = append(offs, off)
	}
	sort.Slice(offs, func(i, j int) bool { return offs[i] < offs[j] })
	funcs := make([]*ir.Func, len(offs))
	for i, off := range offs {
		funcs[i] = t[off]
	}
	return funcs
}

// globalTable returns the table of a constant global.
func globalTable(g *ir.Global) (funcTable, bool) {
	if !g.Immutable || g.Init == nil {
		return nil, false
	}
	table := funcTable{}
	return table, table.add(g.Init, 0)
}

// add records the functions of a constant initialiser placed at byte
// offset off, in arrays and structures and through casts; false if it
// holds anything but functions and null pointers.
func (t funcTable) add(c constant.Constant, off int64) bool {
	switch c := c.(type) {
	case *ir.Func:
		t[off] = c
	case *constant.ExprBitCast:
		return t.add(c.From, off)
	case *constant.Null, *constant.ZeroInitializer:
	case *constant.Array:
		size := symbolic.SizeOf(c.Typ.ElemType)
		for i, e := range c.Elems {
			if !t.add(e, off+int64(i)*size) {
				return false
			}
		}
	case *constant.Struct:
		_, offs := symbolic.StructLayout(c.Typ)
		for i, e := range c.Fields {
			if !t.add(e, off+offs[i]) {
				return false
			}
		}
	default:
		return false
	}
	return true
}

// localTable returns the table a local array of f holds: the functions
// stored into it and those of the constant tables copied into it; false
// if anything else writes it, a write's offset is not a constant, or the
// array escapes (passed to a call other than the copy or a lifetime
// marker, stored, returned).
func localTable(f *ir.Func, slot *ir.InstAlloca) (funcTable, bool) {
	table := funcTable{}
	derived := derivedPointers(f, slot)
	ok := eachUse(f, derived, func(inst ir.Instruction, v value.Value) bool {
		switch i := inst.(type) {
		case *ir.InstLoad:
			return true
		case *ir.InstStore:
			return i.Dst == v && table.store(slot, i)
		case *ir.InstCall:
			return table.call(slot, i, v, derived)
		}
		return false
	})
	return table, ok
}

// store records a store of a function into a local table at a constant
// offset; false for any other store.
func (t funcTable) store(slot *ir.InstAlloca, st *ir.InstStore) bool {
	c, isConst := st.Src.(constant.Constant)
	base, off, ok := constOffset(st.Dst)
	return isConst && ok && base == value.Value(slot) && t.add(c, off)
}

// call handles a call that uses a local table v: a lifetime marker, or
// a copy of constant length into the table, at a constant offset, from
// a constant table, whose functions it records. False for any other
// call.
func (t funcTable) call(slot *ir.InstAlloca, call *ir.InstCall, v value.Value, derived map[value.Value]bool) bool {
	switch cuda.LookupCall(symbolic.CalleeName(call)).Kind {
	case cuda.IgnoredCall:
		return true
	case cuda.MemCopy:
		if len(call.Args) < 3 || derived[symbolic.StripPointerCasts(call.Args[1])] {
			return false // the table is copied out: its address escapes
		}
		dst, dstOff, ok := constOffset(call.Args[0])
		if !ok || dst != value.Value(slot) {
			return false
		}
		src, srcOff, exact := addressParts(call.Args[1], true)
		g, isGlobal := src.(*ir.Global)
		n, constLen := symbolic.UnwrapArg(call.Args[2]).(*constant.Int)
		if !exact || !isGlobal || !constLen {
			return false
		}
		from, ok := globalTable(g)
		for off, fn := range from {
			if off >= srcOff && off < srcOff+n.X.Int64() {
				t[dstOff+off-srcOff] = fn
			}
		}
		return ok
	}
	return false
}
