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
func deviceProperty(ev *symbolic.Evaluator, load *ir.InstLoad, w int) *expr.Term {
	base, off, ok := constOffset(load.Src)
	slot, isLocal := base.(*ir.InstAlloca)
	if !ok || !isLocal || w <= 0 {
		return nil
	}
	p, ok := cuda.LookupDeviceProperty(off, symbolic.SizeOf(load.ElemType))
	if !ok || int64(w) != p.Bytes*8 || !onlyFilled(ev, slot, load, p) {
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
func onlyFilled(ev *symbolic.Evaluator, slot *ir.InstAlloca, load *ir.InstLoad, p cuda.DeviceProperty) bool {
	at := ev.G.Where[load]
	if at == nil {
		return false
	}
	fills := func(c *ir.InstCall) bool { return fillsSlot(c, slot) }
	if nearestCallBefore(ev, at, load, fills) == nil {
		return false
	}
	derived := derivedPointers(at.Parent, slot)
	for _, b := range at.Parent.Blocks {
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
					if overlaps(w.off, w.bytes, p.Offset, p.Bytes) {
						return false
					}
					continue
				}
				if !fills(i) && mayWriteField(i, slot, derived, p) {
					return false
				}
			}
		}
	}
	return true
}

// fillsSlot reports whether a call fills the whole of slot with device
// properties.
func fillsSlot(call *ir.InstCall, slot *ir.InstAlloca) bool {
	return len(call.Args) > 0 && symbolic.StripPointerCasts(call.Args[0]) == value.Value(slot) &&
		cuda.FillsDeviceProperties(symbolic.CalleeName(call))
}

// mayWriteField reports whether a call may write field p of slot: it
// receives the whole variable, or a pointer into it that may reach p, and
// neither only reads it nor gets a copy.
func mayWriteField(call *ir.InstCall, slot *ir.InstAlloca, derived map[value.Value]bool, p cuda.DeviceProperty) bool {
	for i, arg := range call.Args {
		a := symbolic.StripPointerCasts(arg)
		switch {
		case !derived[a], readsArgument(call) || passedByValue(arg) || onlyReads(call, i):
		case a == value.Value(slot) || writesField(a, 1, p):
			return true
		}
	}
	return false
}

// writesField reports whether a write of n bytes through pointer ptr,
// derived from the variable, may reach field p: its offset is unknown
// or its bytes overlap p's.
func writesField(ptr value.Value, n int64, p cuda.DeviceProperty) bool {
	_, off, ok := constOffset(ptr)
	return !ok || overlaps(off, n, p.Offset, p.Bytes)
}
