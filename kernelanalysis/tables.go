// This file defines constant tables: memory whose contents the kernel's
// code fixes, so that a load from it is its initialiser's element rather
// than an unknown. They are const globals (static const tables),
// __constant__ variables with an initialiser that no host code writes,
// and local const arrays, which clang copies from a constant global.

package kernelanalysis

import (
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"hgrd/cuda"
	"hgrd/expr"
	"hgrd/symbolic"
)

// maxTableElems bounds the elements of a table that loads read as their
// values: larger tables are unknowns, as any memory.
const maxTableElems = 1024

// A table is the contents of constant memory: its scalar elements, by
// byte offset.
type table struct {
	elems []tableElem
}

// A tableElem is one scalar of a table.
type tableElem struct {
	off   uint64 // bytes from the table's start
	width int    // bits
	value uint64 // a float's bits
	float bool
}

// tableOf returns the contents of a global whose value the program never
// changes, or nil.
func (a *analyzer) tableOf(g *ir.Global) *table {
	if g.Init == nil || !(g.Immutable || g.Typ.AddrSpace == cuda.AddrConstant && !a.hostUses(g.Name())) {
		return nil
	}
	t := &table{}
	if !t.add(g.Init, 0, a.ev.Term) || len(t.elems) == 0 {
		return nil
	}
	return t
}

// add appends the scalars of a constant at byte offset off, translated
// by term; false if it has more than maxTableElems or parts that are
// neither numbers nor aggregates of them.
func (t *table) add(c constant.Constant, off uint64, term func(value.Value) *expr.Term) bool {
	if len(t.elems) > maxTableElems {
		return false
	}
	switch c := c.(type) {
	case *constant.Int, *constant.Float:
		v := term(c)
		if !v.IsConst() {
			return false
		}
		_, float := c.(*constant.Float)
		t.elems = append(t.elems, tableElem{off, v.Width, v.Value, float})
		return true
	case *constant.CharArray:
		for i, b := range c.X {
			t.elems = append(t.elems, tableElem{off + uint64(i), 8, uint64(b), false})
		}
		return true
	case *constant.Array:
		size := uint64(symbolic.SizeOf(c.Typ.ElemType))
		for i, e := range c.Elems {
			if !t.add(e, off+uint64(i)*size, term) {
				return false
			}
		}
		return true
	case *constant.Struct:
		_, offs := symbolic.StructLayout(c.Typ)
		for i, f := range c.Fields {
			if !t.add(f, off+uint64(offs[i]), term) {
				return false
			}
		}
		return true
	case *constant.ZeroInitializer:
		return t.addZeros(c.Typ, off)
	}
	return false
}

// addZeros appends the scalars of a zero value of type typ.
func (t *table) addZeros(typ types.Type, off uint64) bool {
	switch typ := typ.(type) {
	case *types.IntType:
		t.elems = append(t.elems, tableElem{off, int(typ.BitSize), 0, false})
		return true
	case *types.FloatType:
		t.elems = append(t.elems, tableElem{off, int(symbolic.SizeOf(typ) * 8), 0, true})
		return true
	case *types.ArrayType:
		if typ.Len > maxTableElems {
			return false
		}
		size := uint64(symbolic.SizeOf(typ.ElemType))
		for i := uint64(0); i < typ.Len; i++ {
			if !t.addZeros(typ.ElemType, off+i*size) {
				return false
			}
		}
		return true
	case *types.StructType:
		_, offs := symbolic.StructLayout(typ)
		for i, f := range typ.Fields {
			if !t.addZeros(f, off+uint64(offs[i])) {
				return false
			}
		}
		return true
	}
	return false
}

// lookup returns the value of a load of w bits (a float's if float) at
// byte offset off: the element there. An offset between elements is
// taken as one of them, as accesses stay inside their object. nil if no
// element has the load's type.
func (t *table) lookup(off *expr.Term, w int, float bool) *expr.Term {
	var elems []tableElem
	for _, e := range t.elems {
		if e.width == w && e.float == float {
			elems = append(elems, e)
		}
	}
	if len(elems) == 0 {
		return nil
	}
	if off.IsConst() {
		for _, e := range elems {
			if e.off == off.Value {
				return expr.Const(e.value, w)
			}
		}
		return nil
	}
	last := elems[len(elems)-1]
	v := expr.Const(last.value, w)
	for i := len(elems) - 2; i >= 0; i-- {
		e := elems[i]
		if e.value != last.value {
			v = expr.Ite(expr.Eq(off, expr.Const(e.off, off.Width)), expr.Const(e.value, w), v)
		}
	}
	return v
}

// hostUses reports whether the host side's code refers to the variable
// of the given name: cudaMemcpyToSymbol and its kin may then write it.
func (a *analyzer) hostUses(name string) bool {
	if a.unit.Host == nil {
		return false
	}
	for _, f := range a.unit.HostFuncs {
		for _, b := range f.Blocks {
			for _, inst := range b.Insts {
				u, ok := inst.(value.User)
				if !ok {
					continue
				}
				for _, op := range u.Operands() {
					if names(*op, name) {
						return true
					}
				}
			}
		}
	}
	return false
}

// names reports whether v is, or casts or indexes, the global of the
// given name.
func names(v value.Value, name string) bool {
	switch c := symbolic.UnwrapArg(v).(type) {
	case *ir.Global:
		return c.Name() == name
	case *constant.ExprBitCast:
		return names(c.From, name)
	case *constant.ExprAddrSpaceCast:
		return names(c.From, name)
	case *constant.ExprGetElementPtr:
		return names(c.Src, name)
	}
	return false
}

// constCopy returns the constant global that a local array is a copy of:
// its only write is a memcpy of the whole global into it, as clang
// initialises a local const array. nil otherwise.
func constCopy(alloca *ir.InstAlloca, f *ir.Func) *ir.Global {
	var src *ir.Global
	for _, b := range f.Blocks {
		for _, inst := range b.Insts {
			for _, e := range memoryEffects(inst) {
				if !e.writes || baseOf(e.ptr) != value.Value(alloca) {
					continue
				}
				call, ok := inst.(*ir.InstCall)
				if !ok || src != nil || len(call.Args) < 2 {
					return nil
				}
				g, ok := symbolic.StripPointerCasts(call.Args[1]).(*ir.Global)
				if !ok || !g.Immutable || g.Init == nil {
					return nil
				}
				src = g
			}
		}
	}
	return src
}

// baseOf returns the pointer that a pointer is derived from by casts and
// getelementptr.
func baseOf(v value.Value) value.Value {
	for {
		v = symbolic.StripPointerCasts(v)
		switch g := v.(type) {
		case *ir.InstGetElementPtr:
			v = g.Src
		case *constant.ExprGetElementPtr:
			v = g.Src
		default:
			return v
		}
	}
}
