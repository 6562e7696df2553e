// This file defines the printed forms of accesses and the source-level
// spelling of terms.

package kernelanalysis

import (
	"fmt"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/value"

	"hgrd/expr"
)

// String returns the access's printed form.
func (acc *Access) String() string {
	return fmt.Sprintf("%s %s %s (%s bytes) @ %s", acc.Kind, acc.Object.Space, acc.Source, acc.Size, acc.Pos)
}

// SourceTerm spells a term with CUDA's names: threadIdx.x for tid.x. The
// variables of one thread of a query (tid.x#1) keep their names. It is
// abbreviated beyond expr.DisplayMax bytes: an index computed through
// many shared steps (qtclustering-cuda's) is exponentially long as text.
func SourceTerm(t *expr.Term) string {
	return expr.Substitute(t, func(v *expr.Term) *expr.Term {
		if r, ok := registerOf(v.Role); ok && v.Scope != expr.Instance {
			return expr.Renamed(v, r.CUDAComponent(v.Role.Axis))
		}
		return nil
	}).Abbrev(expr.DisplayMax)
}

// describe spells the accessed location: "a[i]" for an indexed pointer or
// array, "a" for the object itself, "a+off" otherwise.
func (a *analyzer) describe(ptr value.Value, t target) string {
	name := t.obj.Name
	if t.obj.Kind == IndirectObject {
		name = "*"
	}
	if idx := lastIndex(ptr); idx != nil {
		return fmt.Sprintf("%s[%s]", name, SourceTerm(a.ev.Term(idx)))
	}
	if t.off.IsConst() && t.off.Value == 0 {
		return name
	}
	return fmt.Sprintf("%s+%s", name, SourceTerm(t.off))
}

// lastIndex returns the index of an element access p[i] or arr[0][i],
// through casts, or nil.
func lastIndex(ptr value.Value) value.Value {
	for {
		switch p := ptr.(type) {
		case *ir.InstBitCast:
			ptr = p.From
			continue
		case *ir.InstAddrSpaceCast:
			ptr = p.From
			continue
		case *ir.InstGetElementPtr:
			if len(p.Indices) == 1 || len(p.Indices) == 2 && isZero(p.Indices[0]) {
				return p.Indices[len(p.Indices)-1]
			}
		}
		return nil
	}
}

func isZero(v value.Value) bool {
	c, ok := v.(*constant.Int)
	return ok && c.X.Sign() == 0
}
