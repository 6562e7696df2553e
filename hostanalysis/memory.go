// This file defines what host memory holds where a launch reads it, across
// the calls the walk follows: a struct the caller fills and passes by
// reference to the function that launches,
//
//	void launch(Params &p) {
//	  dim3 grid(p.batch, p.chunks);
//	  kernel<<<grid, 128>>>(p);      // p copied into the launch's argument
//	}
//	int main() { Params p; p.batch = 4; p.chunks = n / 64; ...; launch(p); }
//
// A read of some bytes through a pointer is followed to the variable the
// pointer points into (an alloca of the function, or the memory a pointer
// parameter points to) at a constant offset. If one store wrote exactly
// those bytes, the read gets its value; if parts of the bytes were written
// by one store each, their concatenation; if a memcpy copied them from
// elsewhere, what that source held where the memcpy ran. Bytes of a
// pointer parameter's memory that the function never writes hold what
// they held at the call: the walk's view of the caller's memory, or, in an
// entry function or where the caller's bytes are not known, one unknown
// per parameter, offset and width, so that two reads of the same bytes
// agree (a member function's two reads of this->capacity). Every store
// counted must be the only store to its bytes and come before the read
// on every path (locals.go), and nothing hgrd cannot follow may write
// the variable.

package hostanalysis

import (
	"fmt"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"hgrd/expr"
	"hgrd/symbolic"
)

// A frame is one function of the walk in one calling context.
type frame struct {
	f  *ir.Func
	ev *symbolic.Evaluator
	// views holds, for each pointer parameter, the pointer the caller
	// passed.
	views map[*ir.Param]view
	// stores memoises localStores for the walk, shared by its frames.
	stores storeCache
	// spawn makes the frame of a call the frame makes (see
	// walker.newFrame); callees holds those made, by call.
	spawn   func(f *ir.Func, args []*expr.Term, views map[*ir.Param]view) *hostHooks
	callees map[*ir.InstCall]*frame
}

// A storeCache memoises localStores by function and variable: the walk
// reads the same variables from many loads and calling contexts.
type storeCache map[storeKey]storeResult

type storeKey struct {
	f    *ir.Func
	slot value.Value
}

type storeResult struct {
	stores []localStore
	ok     bool
}

// localStores returns localStores(f, slot), computed once.
func (c storeCache) localStores(f *ir.Func, slot value.Value) ([]localStore, bool) {
	k := storeKey{f, slot}
	r, done := c[k]
	if !done {
		r.stores, r.ok = localStores(f, slot)
		c[k] = r
	}
	return r.stores, r.ok
}

// A view is what a pointer parameter holds: ptr, an argument of a call in
// block at of the caller's frame.
type view struct {
	caller *frame
	ptr    value.Value
	at     *ir.Block
	call   *ir.InstCall
}

// A memRead is what some bytes of host memory hold: the value v that one
// store wrote into exactly those bytes (a value of frame fr), or a term.
type memRead struct {
	fr *frame
	v  value.Value
	t  *expr.Term
}

// term returns the read's term if it is an integer of w bits, or nil.
func (r memRead) term(w int) *expr.Term {
	t := r.t
	if t == nil {
		t = r.fr.ev.Term(r.v)
	}
	if t.IsBool() || t.Width != w {
		return nil
	}
	return t
}

// A place is where a read of host memory runs: in block, just before
// instruction before, or at the block's end if before is nil. A write in
// the same block counts only if it comes earlier.
type place struct {
	block  *ir.Block
	before ir.Instruction
}

// placeOf returns the place just before an instruction of the frame's
// function.
func (fr *frame) placeOf(inst ir.Instruction) place {
	return place{block: fr.ev.G.Where[inst], before: inst}
}

// maxMemoryHops bounds the memcpys and calls a read follows.
const maxMemoryHops = 8

// read returns what the bytes [off, off+bytes) from ptr hold at a place;
// ok is false if hgrd cannot tell.
func (fr *frame) read(ptr value.Value, off, bytes int64, at place) (memRead, bool) {
	return fr.readHops(ptr, off, bytes, at, 0)
}

func (fr *frame) readHops(ptr value.Value, off, bytes int64, at place, hops int) (memRead, bool) {
	base, start, ok := constOffset(ptr)
	if !ok || hops > maxMemoryHops || at.block == nil {
		return memRead{}, false
	}
	off += start
	param, isParam := base.(*ir.Param)
	if _, isLocal := base.(*ir.InstAlloca); !isLocal && !isParam {
		return memRead{}, false
	}
	parts, ok := fr.lastParts(base, off, off+bytes, at)
	exact := len(parts) == 1 && parts[0].off == off && parts[0].bytes == bytes // one write of exactly these bytes
	switch {
	case !ok:
		return memRead{}, false
	case len(parts) == 0 && isParam:
		if v, ok := fr.views[param]; ok {
			if r, ok := v.caller.readHops(v.ptr, off, bytes, place{v.at, v.call}, hops+1); ok {
				return r, true
			}
		}
		// What the caller holds there, unknown but one value: the
		// function does not write those bytes.
		name := fmt.Sprintf("%s%s@%d.%d", fr.ev.Namespace, param.Name(), off, bytes*8)
		return memRead{t: expr.VarWithRole(name, int(bytes*8), expr.Shared, hostValue)}, true
	case len(parts) == 0:
		return memRead{}, false // never written: undefined
	case len(parts) == 1 && parts[0].from != nil:
		p := parts[0]
		return fr.readHops(p.from, off-p.off, bytes, place{p.block, p.inst}, hops+1)
	case exact && parts[0].call != nil:
		return fr.calleeWrite(parts[0], at.block, hops+1)
	case exact && parts[0].pitched != nil:
		return fr.pitchedField(parts[0], base)
	case exact:
		return memRead{fr: fr, v: parts[0].store.Src}, true
	}
	if t := joinParts(fr.ev, parts, off, int(bytes*8)); t != nil {
		return memRead{t: t}, true
	}
	return memRead{}, false
}

// coveringParts returns the stores that wrote the bytes [off, end), low
// bytes first: each the only store to its bytes and before block at on
// every path. A memcpy counts if it alone covers all the bytes. ok is
// false if another write may have written them, in part or all; no parts
// with ok true means nothing wrote them.
func coveringParts(stores []localStore, off, end int64, g *symbolic.Graph, at *ir.Block) ([]localStore, bool) {
	var parts []localStore
	for _, s := range stores {
		if s.off+s.bytes <= off || s.off >= end {
			continue
		}
		if s.from != nil && s.off <= off && s.off+s.bytes >= end && len(parts) == 0 {
			parts = append(parts, s)
			continue
		}
		if s.store == nil && s.pitched == nil && s.call == nil || s.off < off || s.off+s.bytes > end || len(parts) > 0 && parts[len(parts)-1].off+parts[len(parts)-1].bytes > s.off {
			return nil, false // overlapping writes, a write that covers more, or one hgrd does not follow
		}
		parts = append(parts, s)
	}
	for _, p := range parts {
		if !g.Dominates(p.block, at) {
			return nil, false
		}
	}
	if len(parts) > 1 && parts[0].from != nil {
		return nil, false
	}
	return parts, true
}

// A leafField is a scalar or pointer field of a struct, by byte offset.
type leafField struct {
	off int64
	typ types.Type
}

// maxLeafFields bounds the fields of a by-value argument followed.
const maxLeafFields = 256

// leafFields returns the scalar and pointer fields of t, nested structs
// and arrays flattened, up to maxLeafFields.
func leafFields(t types.Type, base int64, out []leafField) []leafField {
	if len(out) >= maxLeafFields {
		return out
	}
	switch tt := t.(type) {
	case *types.StructType:
		_, offs := symbolic.StructLayout(tt)
		for i, f := range tt.Fields {
			out = leafFields(f, base+offs[i], out)
		}
	case *types.ArrayType:
		size := symbolic.SizeOf(tt.ElemType)
		for i := uint64(0); i < tt.Len && len(out) < maxLeafFields; i++ {
			out = leafFields(tt.ElemType, base+int64(i)*size, out)
		}
	case *types.PointerType:
		out = append(out, leafField{base, t})
	default:
		if symbolic.WidthOf(t) > 0 {
			out = append(out, leafField{base, t})
		}
	}
	return out
}

// memoryFields returns what the host holds, at a place, in each field of
// the struct a pointer to a by-value argument points to.
func memoryFields(fr *frame, at place, ptr value.Value) []FieldArg {
	pt, ok := ptr.Type().(*types.PointerType)
	if !ok {
		return nil
	}
	var fields []FieldArg
	for _, lf := range leafFields(pt.ElemType, 0, nil) {
		r, ok := fr.read(ptr, lf.off, symbolic.SizeOf(lf.typ), at)
		if !ok {
			continue
		}
		if _, isPtr := lf.typ.(*types.PointerType); isPtr {
			if r.v == nil {
				continue
			}
			if p, ok := r.fr.pointer(r.v); ok {
				fields = append(fields, FieldArg{Offset: lf.off, Pointer: &p})
			}
			continue
		}
		if t := r.term(symbolic.WidthOf(lf.typ)); t != nil {
			fields = append(fields, FieldArg{Offset: lf.off, Term: t})
		}
	}
	return fields
}

// pointer resolves a pointer value of the frame to the allocation it
// points into (pointerArg), following a pointer loaded from memory to the
// store that wrote it, in this frame or a caller's.
func (fr *frame) pointer(v value.Value) (Pointer, bool) {
	if p, ok := pointerArg(fr.ev, fr.ev.Namespace, v); ok {
		return p, true
	}
	if p, ok := symbolic.UnwrapArg(v).(*ir.Param); ok {
		if at, ok := fr.views[p]; ok {
			ptr, ok := at.caller.pointer(at.ptr)
			if ok && ptr.home == nil {
				ptr.home = &pointerHome{ev: at.caller.ev, block: at.at, inst: at.call}
			}
			return ptr, ok
		}
		return Pointer{}, false
	}
	load, ok := symbolic.UnwrapArg(v).(*ir.InstLoad)
	if !ok {
		return Pointer{}, false
	}
	r, ok := fr.read(load.Src, 0, symbolic.SizeOf(load.ElemType), fr.placeOf(load))
	if !ok || r.v == nil || r.fr == fr && r.v == v {
		return Pointer{}, false
	}
	return r.fr.pointer(r.v)
}

// viewsOf returns the views of callee g's pointer parameters that a call
// in block b passes.
func (fr *frame) viewsOf(b *ir.Block, call *ir.InstCall, g *ir.Func) map[*ir.Param]view {
	views := map[*ir.Param]view{}
	for n, arg := range call.Args {
		if n < len(g.Params) && symbolic.PointerType(arg.Type()) {
			views[g.Params[n]] = view{caller: fr, ptr: arg, at: b, call: call}
		}
	}
	return views
}
