// This file defines the values the host reads from a cudaDeviceProp that
// cudaGetDeviceProperties filled: the fields that are the same on every
// device (cuda.LookupDeviceProperty), such as warpSize.

package hostanalysis

import (
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/value"

	"hgrd/cuda"
	"hgrd/expr"
	"hgrd/symbolic"
)

// deviceProperty returns the value that a load of a local cudaDeviceProp
// reads, or nil: the load must read a whole field that holds the same
// value on every device, a call of cudaGetDeviceProperties must fill the
// variable before the load, and nothing else in the function may write
// the field (see onlyFilled). Programs size blocks from props.warpSize
// (softmax-online: block sizes warp_size << k); unknown, a warp size of
// 1 made every block of such a launch write one row.
func deviceProperty(g *symbolic.Graph, load *ir.InstLoad, w int) *expr.Term {
	base, off, ok := constOffset(load.Src)
	slot, isLocal := base.(*ir.InstAlloca)
	if !ok || !isLocal || w <= 0 {
		return nil
	}
	p, ok := cuda.LookupDeviceProperty(off, symbolic.SizeOf(load.ElemType))
	if !ok || int64(w) != p.Bytes*8 || g.Where[load] == nil || !onlyFilled(g, slot, load, p) {
		return nil
	}
	return expr.Const(uint64(p.Value), w)
}

// onlyFilled reports whether a call that fills the device properties in
// slot runs before load on every path, and nothing else in the function
// may write field p of slot: no store or memory intrinsic writes its
// bytes, the variable's address is stored nowhere, and the only calls
// that receive the whole variable fill it or only read it (a pointer to
// another field, such as the name a program prints, cannot reach p).
func onlyFilled(g *symbolic.Graph, slot *ir.InstAlloca, load *ir.InstLoad, p cuda.DeviceProperty) bool {
	derived := derivedPointers(g.Where[load].Parent, slot)
	filled := false
	for _, b := range g.Where[load].Parent.Blocks {
		for _, inst := range b.Insts {
			switch i := inst.(type) {
			case *ir.InstStore:
				if derived[symbolic.StripPointerCasts(i.Src)] {
					return false
				}
				if derived[symbolic.StripPointerCasts(i.Dst)] && writesField(i.Dst, symbolic.SizeOf(i.Src.Type()), p) {
					return false
				}
			case *ir.InstCall:
				if w, ok := intrinsicWrite(i, slot, derived); ok {
					if overlapsField(w.off, w.bytes, p) {
						return false
					}
					continue
				}
				fills, ok := callOnSlot(i, slot, derived, p)
				if !ok {
					return false
				}
				filled = filled || fills && before(g, i, load)
			}
		}
	}
	return filled
}

// callOnSlot classifies a call's use of slot: fills is set if it fills
// the whole variable with device properties; ok is false if it may
// write field p otherwise.
func callOnSlot(call *ir.InstCall, slot *ir.InstAlloca, derived map[value.Value]bool, p cuda.DeviceProperty) (fills, ok bool) {
	for i, arg := range call.Args {
		a := symbolic.StripPointerCasts(arg)
		switch {
		case !derived[a]:
		case i == 0 && a == value.Value(slot) && cuda.FillsDeviceProperties(symbolic.CalleeName(call)):
			fills = true
		case readsArgument(call) || passedByValue(arg) || onlyReads(call, i):
		case a == value.Value(slot) || writesField(a, 1, p):
			return false, false
		}
	}
	return fills, true
}

// writesField reports whether a write of n bytes through pointer ptr,
// derived from the variable, may reach field p: its offset is unknown
// or its bytes overlap p's.
func writesField(ptr value.Value, n int64, p cuda.DeviceProperty) bool {
	_, off, ok := constOffset(ptr)
	return !ok || overlapsField(off, n, p)
}

// overlapsField reports whether the bytes [off, off+n) overlap field p.
func overlapsField(off, n int64, p cuda.DeviceProperty) bool {
	return off < p.Offset+p.Bytes && p.Offset < off+n
}

// before reports whether instruction a runs before b on every path to b.
func before(g *symbolic.Graph, a, b ir.Instruction) bool {
	ba, bb := g.Where[a], g.Where[b]
	if ba == nil || bb == nil {
		return false
	}
	if ba != bb {
		return g.Dominates(ba, bb)
	}
	for _, inst := range ba.Insts {
		switch inst {
		case a:
			return true
		case b:
			return false
		}
	}
	return false
}
