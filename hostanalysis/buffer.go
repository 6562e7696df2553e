// This file defines what the host stores into a buffer of its own: each
// store's element index, field and value, grouped by field.

package hostanalysis

import (
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"hgrd/cuda"
	"hgrd/expr"
	"hgrd/frontend"
	"hgrd/symbolic"
)

// A bufferStore is a store into a host buffer at byte index*stride + off
// (index nil: at byte off), or, with spread > 0, at a byte up to spread
// further: an index into an array inside the element, which a correct
// program keeps inside the array.
type bufferStore struct {
	store  *ir.InstStore
	index  *expr.Term // 64-bit
	stride int64
	off    int64
	spread int64
	bytes  int64
}

// end returns the end of the bytes a store may write, after normalise.
func (s *bufferStore) end() int64 { return s.off + s.spread + s.bytes }

// bufferContents returns the contents of the fields of a host buffer
// that the host's stores into it determine; none if the buffer is not
// the host's own (a malloc or new of f, or a local array) or if anything
// but a store hgrd follows may write it.
func bufferContents(ev *symbolic.Evaluator, u *frontend.Unit, buf value.Value) []Contents {
	if !ownBuffer(buf) {
		return nil
	}
	stores, stride, ok := elementStores(ev, buf)
	if !ok {
		return nil
	}
	return fields(ev, u, stores, stride)
}

// elementStores returns the stores into a buffer (bufferStores), each
// normalised to the buffer's element size, and that size: the stride of
// the stores with an index, which must agree on one. ok is false if
// something else may write the buffer, or a store is not inside one
// element.
func elementStores(ev *symbolic.Evaluator, buf value.Value) ([]bufferStore, int64, bool) {
	stores, ok := bufferStores(ev, buf)
	if !ok {
		return nil, 0, false
	}
	var stride int64
	for _, s := range stores {
		if s.index == nil {
			continue
		}
		if stride != 0 && s.stride != stride {
			return nil, 0, false
		}
		stride = s.stride
	}
	if stride <= 0 {
		return nil, 0, false
	}
	for i := range stores {
		if !normalise(&stores[i], stride) {
			return nil, 0, false
		}
	}
	return stores, stride, true
}

// ownBuffer reports whether a buffer is a fresh allocation of the host
// function or a local variable: memory no other code knows of unless
// the function passes it on.
func ownBuffer(buf value.Value) bool {
	switch b := buf.(type) {
	case *ir.InstAlloca:
		return true
	case *ir.InstCall:
		alloc, ok := cuda.LookupAllocation(symbolic.CalleeName(b))
		return ok && alloc.Out == cuda.NoArg && symbolic.CalleeName(b) != "calloc"
	}
	return false
}

// bufferStores returns the stores into a buffer; ok is false if its
// address escapes or something else may write it (a call other than a
// copy from it or a free, a memory intrinsic, a copy into it).
func bufferStores(ev *symbolic.Evaluator, buf value.Value) ([]bufferStore, bool) {
	f := ev.G.Blocks[0].Parent
	ptrs := derivedPointers(f, buf)
	var stores []bufferStore
	ok := eachUse(f, ptrs, func(inst ir.Instruction, v value.Value) bool {
		switch i := inst.(type) {
		case *ir.InstLoad, *ir.InstICmp:
			return true
		case *ir.InstStore:
			if i.Src == v {
				return false
			}
			s, ok := storeAt(ev, buf, i)
			stores = append(stores, s)
			return ok
		case *ir.InstCall:
			name := symbolic.CalleeName(i)
			if c, ok := cuda.LookupCopy(name); ok {
				return len(i.Args) > c.Src && symbolic.UnwrapArg(i.Args[c.Src]) == v && symbolic.UnwrapArg(i.Args[c.Dst]) != v
			}
			return cuda.Frees(name) || cuda.LookupCall(name).Kind == cuda.IgnoredCall
		}
		return false
	})
	return stores, ok
}

// storeAt reads a store's address as base + index*stride + off: at most
// one index that is not a constant.
func storeAt(ev *symbolic.Evaluator, buf value.Value, st *ir.InstStore) (bufferStore, bool) {
	s, ok := accessAt(ev, buf, st.Dst, symbolic.SizeOf(st.Src.Type()))
	s.store = st
	return s, ok
}

// accessAt reads the address ptr of an access of some bytes into a
// buffer as base + index*stride + off, as storeAt does a store's.
func accessAt(ev *symbolic.Evaluator, buf, ptr value.Value, bytes int64) (bufferStore, bool) {
	s := bufferStore{bytes: bytes}
	var chain []*ir.InstGetElementPtr
	for v := symbolic.StripPointerCasts(ptr); v != buf; {
		g, ok := v.(*ir.InstGetElementPtr)
		if !ok {
			return s, false
		}
		chain = append(chain, g)
		v = symbolic.StripPointerCasts(g.Src)
	}
	for i := len(chain) - 1; i >= 0; i-- {
		if !s.addIndices(ev, chain[i]) {
			return s, false
		}
	}
	return s, true
}

// addIndices adds a getelementptr's indices to a store's address.
func (s *bufferStore) addIndices(ev *symbolic.Evaluator, g *ir.InstGetElementPtr) bool {
	t := types.Type(g.ElemType)
	for k, idx := range g.Indices {
		var stride int64
		switch tt := t.(type) {
		case *types.StructType:
			if k == 0 {
				stride = symbolic.SizeOf(t)
				break
			}
			c, ok := symbolic.UnwrapArg(idx).(*constant.Int)
			if !ok || c.X.Int64() < 0 || c.X.Int64() >= int64(len(tt.Fields)) {
				return false
			}
			_, offs := symbolic.StructLayout(tt)
			s.off += offs[c.X.Int64()]
			t = tt.Fields[c.X.Int64()]
			continue
		case *types.ArrayType:
			stride = symbolic.SizeOf(t)
			if k > 0 {
				stride = symbolic.SizeOf(tt.ElemType)
				t = tt.ElemType
				if _, isConst := symbolic.UnwrapArg(idx).(*constant.Int); !isConst && s.index != nil && tt.Len > 0 {
					s.spread += int64(tt.Len-1) * stride
					continue
				}
			}
		default:
			if k > 0 {
				return false
			}
			stride = symbolic.SizeOf(t)
		}
		if c, ok := symbolic.UnwrapArg(idx).(*constant.Int); ok {
			s.off += c.X.Int64() * stride
			continue
		}
		if s.index != nil {
			return false
		}
		x, ok := signed64(ev, idx)
		if !ok {
			return false
		}
		s.index, s.stride = x, stride
	}
	return true
}

// normalise states a store's address with the buffer's element size:
// index*stride + off with off in [0, stride), the store inside one
// element.
func normalise(s *bufferStore, stride int64) bool {
	q, r := s.off/stride, s.off%stride
	if r < 0 {
		q, r = q-1, r+stride
	}
	if s.index == nil {
		s.index = expr.Const(0, 64)
	}
	s.index, s.stride, s.off = expr.Add(s.index, expr.Int(q, 64)), stride, r
	return s.end() <= stride && s.bytes > 0
}

// fields groups the stores by the field they write: a field has contents
// if every store that touches its bytes writes exactly them, with an
// integer value.
func fields(ev *symbolic.Evaluator, u *frontend.Unit, stores []bufferStore, stride int64) []Contents {
	var out []Contents
	for _, s := range stores {
		if _, isInt := s.store.Src.Type().(*types.IntType); !isInt || s.spread > 0 || containsField(out, s.off, s.bytes) {
			continue
		}
		c := Contents{ElemSize: stride, Field: s.off, Width: int(s.bytes * 8)}
		exact := true
		for _, t := range stores {
			if t.end() <= s.off || s.end() <= t.off {
				continue
			}
			cs, ok := storeCase(ev, u, t)
			if !ok || t.off != s.off || t.bytes != s.bytes || t.spread > 0 {
				exact = false
				break
			}
			c.Cases = append(c.Cases, cs)
		}
		if exact {
			out = append(out, c)
		}
	}
	return out
}

// containsField reports whether contents for the field at off were made.
func containsField(cs []Contents, off, bytes int64) bool {
	for _, c := range cs {
		if c.Field == off && int64(c.Width/8) == bytes {
			return true
		}
	}
	return false
}
