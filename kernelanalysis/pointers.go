// This file defines the resolution of pointers to an object and a byte
// offset into it.

package kernelanalysis

import (
	"fmt"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"hgrd/cuda"
	"hgrd/expr"
	"hgrd/symbolic"
)

// A target is an object and a 64-bit byte offset into it, under a
// condition, with the innermost array the offset was computed in (nil
// for the whole object; extents.go). For indirect memory the offset is
// the absolute address.
type target struct {
	obj  *Object
	off  *expr.Term
	cond *expr.Term
	ext  *Extent
}

// A pointer is the set of targets a pointer value may have; most have one,
// with condition true. Selects and phis between objects have several.
type pointer []target

// single returns a pointer with one unconditional target.
func single(obj *Object, off *expr.Term) pointer {
	return pointer{{obj, off, expr.True(), nil}}
}

// mapOffsets applies f to the offset of every target. The targets keep
// their extents: pointer arithmetic stays inside its array.
func (p pointer) mapOffsets(f func(off *expr.Term) *expr.Term) pointer {
	q := make(pointer, len(p))
	for i, t := range p {
		q[i] = target{t.obj, f(t.off), t.cond, t.ext}
	}
	return q
}

// choose merges two pointers under a condition: targets into the same
// object merge their offsets with an if-then-else.
func choose(c *expr.Term, t, f pointer) pointer {
	if len(t) == 1 && len(f) == 1 && t[0].obj == f[0].obj {
		return pointer{{t[0].obj, expr.Ite(c, t[0].off, f[0].off), expr.Ite(c, t[0].cond, f[0].cond), mergeExtents(c, t[0].ext, f[0].ext)}}
	}
	var q pointer
	for _, x := range t {
		q = append(q, target{x.obj, x.off, expr.AllOf(c, x.cond), x.ext})
	}
	for _, x := range f {
		q = append(q, target{x.obj, x.off, expr.AllOf(expr.Not(c), x.cond), x.ext})
	}
	return q
}

// object returns the object with the given name, creating it on first use.
func (a *analyzer) object(name string, kind ObjectKind, space Space, index int) *Object {
	key := name + "/" + space.String()
	if o, ok := a.objects[key]; ok {
		return o
	}
	o := &Object{Name: name, Kind: kind, Space: space, Index: index}
	a.objects[key] = o
	return o
}

// indirect returns a pointer into memory reached through a pointer the
// analysis cannot follow, at absolute address addr.
func (a *analyzer) indirect(addr *expr.Term) pointer {
	return single(a.object("*", IndirectObject, Global, -1), addr)
}

// pointerOf resolves a pointer value.
func (a *analyzer) pointerOf(v value.Value) pointer {
	v = symbolic.UnwrapArg(v)
	if p, ok := a.ptrs[v]; ok {
		return p
	}
	p := a.resolve(v)
	a.ptrs[v] = p
	return p
}

var zero64 = expr.Const(0, 64)

// resolve finds the object and offset of a pointer value.
func (a *analyzer) resolve(v value.Value) pointer {
	switch v := v.(type) {
	case *ir.Param:
		return a.paramPointer(v)
	case *ir.Global:
		o := a.globalObject(v)
		o.Size = symbolic.SizeOf(v.ContentType)
		if t := a.tableOf(v); t != nil {
			a.tables[o] = t
		}
		return single(o, zero64)
	case *ir.InstAlloca:
		if g := constCopy(v, a.fn); g != nil {
			if t := a.tableOf(g); t != nil {
				o := a.object(demangleVar(g.Name())+" (a local copy)", LocalObject, Private, -1)
				a.tables[o] = t
				return single(o, zero64)
			}
		}
		return single(a.object("local", LocalObject, Private, -1), a.fresh("local", 64))
	case *ir.InstGetElementPtr:
		var promised *ir.InstGetElementPtr
		if v.InBounds {
			promised = v
		}
		return a.gep(a.pointerOf(v.Src), v.ElemType, v.Indices, promised, endsInLastField(v.Src))
	case *constant.ExprGetElementPtr:
		return a.gep(a.pointerOf(v.Src), v.ElemType, constIndices(v), nil, false)
	case *ir.InstBitCast:
		return a.pointerOf(v.From)
	case *ir.InstAddrSpaceCast:
		return a.pointerOf(v.From)
	case *constant.ExprBitCast:
		return a.pointerOf(v.From)
	case *constant.ExprAddrSpaceCast:
		return a.pointerOf(v.From)
	case *ir.InstSelect:
		return a.selectPointer(v)
	case *ir.InstPhi:
		return a.phiPointer(v)
	case *ir.InstLoad:
		if p, ok := a.fieldPointer(v); ok {
			return p
		}
		return a.indirect(a.loadValue(v, 64))
	case *ir.InstIntToPtr:
		return a.indirect(a.resize64(a.ev.Term(v.From)))
	case *ir.InstExtractValue:
		if x := symbolic.Extracted(v); x != nil {
			return a.pointerOf(x)
		}
	}
	return a.indirect(a.fresh("ptr", 64))
}

// paramPointer resolves a pointer parameter: by-value aggregates live in
// the read-only parameter space, other pointers point into a global
// allocation of their own.
func (a *analyzer) paramPointer(p *ir.Param) pointer {
	idx := -1
	for i, q := range a.fn.Params {
		if q == p {
			idx = i
		}
	}
	name := a.res.Params[idx].Name
	for _, attr := range p.Attrs {
		if _, ok := attr.(ir.Byval); ok {
			return single(a.object(name, ParamSpace, ReadOnly, idx), zero64)
		}
	}
	space := Global
	if pt, ok := p.Typ.(*types.PointerType); ok && pt.AddrSpace == cuda.AddrShared {
		space = Shared
	}
	return single(a.object(name, ParamObject, space, idx), zero64)
}

// fieldPointer resolves a pointer loaded from a fixed field of a by-value
// parameter (struct S { int *p, *q; } passed to a kernel): like a pointer
// parameter, it points into an allocation of its own, one per field.
func (a *analyzer) fieldPointer(v *ir.InstLoad) (pointer, bool) {
	src := a.pointerOf(v.Src)
	if len(src) != 1 || src[0].obj.Kind != ParamSpace || !src[0].off.IsConst() {
		return nil, false
	}
	pt, ok := v.Type().(*types.PointerType)
	if !ok {
		return nil, false
	}
	space := Global
	if pt.AddrSpace == cuda.AddrShared {
		space = Shared
	}
	name := fmt.Sprintf("%s (field at byte %d)", src[0].obj.Name, src[0].off.Signed())
	o := a.object(name, FieldObject, space, src[0].obj.Index)
	o.Field = src[0].off.Signed()
	return single(o, zero64), true
}

// globalObject returns the object of a module-level variable.
func (a *analyzer) globalObject(g *ir.Global) *Object {
	name := demangleVar(g.Name())
	switch g.Typ.AddrSpace {
	case cuda.AddrShared:
		return a.object(name, VariableObject, Shared, -1)
	case cuda.AddrConstant:
		return a.object(name, VariableObject, ReadOnly, -1)
	case cuda.AddrLocal:
		return a.object(name, LocalObject, Private, -1)
	}
	if g.Immutable {
		return a.object(name, VariableObject, ReadOnly, -1)
	}
	return a.object(name, VariableObject, Global, -1)
}

// gep adds the byte offset of a getelementptr to its base; promised, if
// set, is the inbounds instruction (see gepOffset), whose steps into
// arrays give the targets their extents (Extent.into). Indirect memory,
// whose offsets are absolute addresses, has none.
func (a *analyzer) gep(base pointer, elem types.Type, indices []value.Value, promised *ir.InstGetElementPtr, lastField bool) pointer {
	delta, arrays, ok := a.gepOffset(elem, indices, promised, lastField)
	if !ok {
		return base.mapOffsets(func(*expr.Term) *expr.Term { return a.fresh("off", 64) })
	}
	q := make(pointer, len(base))
	for i, t := range base {
		ext := t.ext
		if promised != nil && t.obj.Kind != IndirectObject {
			ext = ext.into(t.off, arrays)
		}
		q[i] = target{t.obj, expr.Add(t.off, delta), t.cond, ext}
	}
	return q
}

// gepOffset returns the byte offset that a getelementptr's indices add,
// and the arrays it steps into; lastField tells that its base points to
// a struct's last field.
//
// If promised is set, an inbounds getelementptr, gepOffset also records
// what it promises of its indices wherever it executes: each index times
// its element's size is a byte offset that does not wrap as a signed
// 64-bit number (the LLVM language reference; clang marks every C array
// index and pointer addition inbounds). A witness whose int64_t index
// reaches 2^61 and wraps the byte offset around to another row is not an
// execution.
func (a *analyzer) gepOffset(elem types.Type, indices []value.Value, promised *ir.InstGetElementPtr, lastField bool) (*expr.Term, []arrayStep, bool) {
	off := zero64
	t := elem
	var arrays []arrayStep
	trailing := lastField // t is the last field of a struct
	for i, idx := range indices {
		if i > 0 {
			next, last, ok := stepInto(t, idx)
			if !ok {
				return nil, nil, false
			}
			switch tt := t.(type) {
			case *types.StructType:
				_, offsets := symbolic.StructLayout(tt)
				off = expr.Add(off, expr.Const(uint64(offsets[constIndex(idx)]), 64))
				t, trailing = next, last
				continue
			case *types.ArrayType:
				// An array of length 0 (extern __shared__, a flexible
				// array member) has no length to bound; nor has a
				// struct's last array, which C code sizes [1] and
				// allocates longer, and which clang treats as flexible
				// (-fstrict-flex-arrays=0, its default).
				if tt.Len > 0 && !trailing {
					arrays = append(arrays, arrayStep{at: off, size: tt.Len * uint64(symbolic.SizeOf(tt.ElemType))})
				}
			}
			t, trailing = next, last
		}
		x, size := a.index64(idx), symbolic.SizeOf(t)
		if promised != nil && !x.IsConst() && size > 1 {
			a.ev.Promise(x, symbolic.MulConstNoWrap(x, uint64(size), true), promised)
		}
		off = expr.Add(off, expr.Mul(x, expr.Const(uint64(size), 64)))
	}
	return off, arrays, true
}

// index64 returns a GEP index sign-extended to 64 bits.
func (a *analyzer) index64(v value.Value) *expr.Term {
	t := a.ev.Term(v)
	if t.IsBool() {
		return expr.Ite(t, expr.Int(-1, 64), zero64)
	}
	if t.Width < 64 {
		return expr.SExt(t, 64)
	}
	return t
}

// resize64 zero-extends or truncates an integer term to 64 bits.
func (a *analyzer) resize64(t *expr.Term) *expr.Term {
	switch {
	case t.IsBool():
		return expr.Ite(t, expr.Const(1, 64), zero64)
	case t.Width < 64:
		return expr.ZExt(t, 64)
	}
	return t
}

// constIndices returns the indices of a constant getelementptr as
// values, each *constant.Index unwrapped.
func constIndices(g *constant.ExprGetElementPtr) []value.Value {
	idx := make([]value.Value, len(g.Indices))
	for i, c := range g.Indices {
		idx[i] = c
		if ix, ok := c.(*constant.Index); ok {
			idx[i] = ix.Constant
		}
	}
	return idx
}

// stepInto returns the type that a getelementptr index after the first
// selects in t, and whether it is a struct's last field; ok is false
// for an index the analysis does not follow (a struct index that is not
// a constant field).
func stepInto(t types.Type, idx value.Value) (next types.Type, lastField, ok bool) {
	switch tt := t.(type) {
	case *types.StructType:
		field := constIndex(idx)
		if field < 0 || field >= int64(len(tt.Fields)) {
			return nil, false, false
		}
		return tt.Fields[field], field == int64(len(tt.Fields))-1, true
	case *types.ArrayType:
		return tt.ElemType, false, true
	case *types.VectorType:
		return tt.ElemType, false, true
	}
	return nil, false, false
}

// constIndex returns a constant struct index, or -1.
func constIndex(v value.Value) int64 {
	if c, ok := v.(*constant.Int); ok {
		return c.X.Int64()
	}
	return -1
}

// selectPointer resolves a select between pointers.
func (a *analyzer) selectPointer(v *ir.InstSelect) pointer {
	return choose(a.ev.Cond(v.Cond), a.pointerOf(v.ValueTrue), a.pointerOf(v.ValueFalse))
}
