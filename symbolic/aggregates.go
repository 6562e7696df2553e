// This file follows values through the aggregates that SSA code builds
// and takes apart (insertvalue, extractvalue).

package symbolic

import (
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/value"
)

// Extracted returns the value that an extractvalue reads, when the
// aggregate it reads is built in registers by insertvalue instructions:
// SROA leaves such chains for small wrapper structs that a kernel builds
// and unwraps (thrust's device_ptr and device_reference around a raw
// pointer). It follows insertvalue into other fields and extractvalue
// of enclosing fields; nil if the field read was never inserted (or is
// itself an aggregate that no single insertvalue supplies).
func Extracted(v *ir.InstExtractValue) value.Value {
	agg, path := v.X, v.Indices
	for {
		switch x := UnwrapArg(agg).(type) {
		case *ir.InstExtractValue:
			agg, path = x.X, append(append([]uint64(nil), x.Indices...), path...)
		case *ir.InstInsertValue:
			switch {
			case hasPrefix(path, x.Indices) && len(path) == len(x.Indices):
				return x.Elem
			case hasPrefix(path, x.Indices):
				agg, path = x.Elem, path[len(x.Indices):]
			case hasPrefix(x.Indices, path):
				return nil // the field read holds the inserted value and more
			default:
				agg = x.X
			}
		default:
			return nil
		}
	}
}

// hasPrefix reports whether the index path p starts with q.
func hasPrefix(p, q []uint64) bool {
	if len(q) > len(p) {
		return false
	}
	for i := range q {
		if p[i] != q[i] {
			return false
		}
	}
	return true
}
