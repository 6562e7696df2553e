// This file defines the memory model of loaded values: which objects the
// kernel writes, and what a load returns.

package kernelanalysis

import (
	"fmt"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"hgrd/expr"
	"hgrd/symbolic"
)

// findWrites records every object the kernel may write: stores, atomics,
// memory intrinsics' destinations and what calls without a body may
// write (effects.go).
func (a *analyzer) findWrites() {
	for _, b := range a.ev.G.Blocks {
		for _, inst := range b.Insts {
			for _, e := range memoryEffects(inst) {
				if !e.writes {
					continue
				}
				for _, o := range a.objectsOf(e.ptr, map[value.Value]bool{}) {
					a.written[o] = true
				}
			}
		}
	}
}

// objectsOf returns the objects a pointer may point into, without
// computing offsets.
func (a *analyzer) objectsOf(v value.Value, seen map[value.Value]bool) []*Object {
	v = symbolic.UnwrapArg(v)
	if seen[v] {
		return nil
	}
	seen[v] = true
	switch v := v.(type) {
	case *ir.Param, *ir.Global, *ir.InstAlloca:
		p := a.resolve(v)
		return []*Object{p[0].obj}
	case *ir.InstGetElementPtr:
		return a.objectsOf(v.Src, seen)
	case *constant.ExprGetElementPtr:
		return a.objectsOf(v.Src, seen)
	case *ir.InstBitCast:
		return a.objectsOf(v.From, seen)
	case *ir.InstAddrSpaceCast:
		return a.objectsOf(v.From, seen)
	case *constant.ExprBitCast:
		return a.objectsOf(v.From, seen)
	case *constant.ExprAddrSpaceCast:
		return a.objectsOf(v.From, seen)
	case *ir.InstSelect:
		return append(a.objectsOf(v.ValueTrue, seen), a.objectsOf(v.ValueFalse, seen)...)
	case *ir.InstPhi:
		var objs []*Object
		for _, inc := range v.Incs {
			objs = append(objs, a.objectsOf(inc.X, seen)...)
		}
		return objs
	case *ir.InstExtractValue:
		if x := symbolic.Extracted(v); x != nil {
			return a.objectsOf(x, seen)
		}
	}
	return []*Object{a.object("*", IndirectObject, Global, -1)}
}

// loadValue returns the term of a loaded value. Memory the kernel never
// writes (read-only memory included) holds one value per address for the
// whole launch, or for the block in shared memory: the load is a function of its address, so two threads
// loading one address see one value. Anything else may change while the
// kernel runs: a load is a function of its address, block and the
// iterations of the loops with barriers around it where the threads of a
// block execute it in one barrier epoch (epochs.go), otherwise a fresh
// unknown.
func (a *analyzer) loadValue(v *ir.InstLoad, w int) *expr.Term {
	p := a.pointerOf(v.Src)
	if len(p) == 1 && a.tables[p[0].obj] != nil {
		_, float := v.ElemType.(*types.FloatType)
		if t := a.tables[p[0].obj].lookup(p[0].off, w, float); t != nil {
			return t
		}
	}
	if len(p) == 1 && p[0].obj.Space == Shared && !a.written[p[0].obj] {
		// Shared memory is the block's own: one value per address and block.
		t := p[0]
		return a.unknown(v, expr.Apply(fmt.Sprintf("mem.%s.%d", t.obj.Name, w), w, t.off, BlockIdx(0), BlockIdx(1), BlockIdx(2)),
			"the contents of "+t.obj.String())
	}
	if len(p) == 1 && p[0].obj.Space != Private && !a.written[p[0].obj] {
		t := p[0]
		if t.off.IsConst() {
			// One fixed location, such as a field of a by-value struct
			// parameter: one launch-wide unknown.
			if t.obj.Kind == ParamSpace {
				return a.fieldValue(t.obj.Index, t.off.Signed(), w)
			}
			return a.contents(v, expr.Var(fmt.Sprintf("%s@%d", t.obj.Name, t.off.Signed()), w, expr.Shared), t.obj, t.off)
		}
		return a.contents(v, expr.Apply(fmt.Sprintf("mem.%s.%d", t.obj.Name, w), w, t.off), t.obj, nil)
	}
	if t := a.epochLoad(v, w); t != nil {
		return t
	}
	if len(p) == 1 && p[0].obj.Space == Private {
		return a.unknown(v, a.fresh("load", w), "a value the thread stored in its own local array and read back at an index hgrd does not follow")
	}
	return a.unknown(v, a.fresh("load", w), "a value loaded from memory the kernel also writes")
}

// unknown records, for reports, what an unknown that a load of v reads
// stands for (a variable or an uninterpreted function), with where v
// loads it, and returns it.
func (a *analyzer) unknown(v value.Value, t *expr.Term, what string) *expr.Term {
	if _, ok := a.res.Unknowns[t.Name]; !ok {
		u := Unknown{What: what}
		if pos, ok := a.unit.Pos(v); ok {
			u.Pos = pos
		}
		a.res.Unknowns[t.Name] = u
	}
	return t
}

// contents records, as unknown does, the contents of a global object
// the kernel never writes: a function of the byte offset (at nil), or
// the value at byte offset at.
func (a *analyzer) contents(v value.Value, t *expr.Term, obj *Object, at *expr.Term) *expr.Term {
	a.unknown(v, t, "the contents of "+obj.String())
	u := a.res.Unknowns[t.Name]
	u.Object, u.At = obj, at
	a.res.Unknowns[t.Name] = u
	return t
}

// fieldValue returns the value of w bits at a fixed offset of a by-value
// parameter, recorded in the parameter's Fields.
func (a *analyzer) fieldValue(param int, off int64, w int) *expr.Term {
	p := a.res.Params[param]
	for _, f := range p.Fields {
		if f.Offset == off && f.Term.Width == w {
			return f.Term
		}
	}
	t := expr.VarWithRole(fmt.Sprintf("%s@%d", p.Name, off), w, expr.Shared, expr.Role{Kind: expr.KernelParam})
	p.Fields = append(p.Fields, FieldValue{Offset: off, Term: t})
	return t
}

// isPointer reports whether a value is a pointer.
func isPointer(v value.Value) bool { return symbolic.PointerType(v.Type()) }
