// This file defines which launches keep what the host stored in their
// allocations: none whose allocation a launched kernel may write.

package analysis

import (
	"hgrd/constraints"
	"hgrd/frontend"
	"hgrd/hostanalysis"
	"hgrd/kernelanalysis"
)

// dropOverwritten forgets the contents the host stored in an allocation
// (hostanalysis.Contents) wherever some launch passes the allocation to
// a kernel that may write it, or to a kernel this file does not analyse:
// the contents at a later launch may be that kernel's.
func dropOverwritten(launches []*hostanalysis.Launch, kernels map[*frontend.Kernel]*kernelanalysis.Kernel) {
	written := map[string]bool{}
	for _, l := range launches {
		k := kernels[l.Kernel]
		for i, p := range l.Pointers {
			if k == nil || mayWrite(k, i, constraints.NoField) {
				written[p.Allocation] = true
			}
		}
		for i, fields := range l.Fields {
			for _, f := range fields {
				if f.Pointer != nil && (k == nil || mayWrite(k, i, f.Offset)) {
					written[f.Pointer.Allocation] = true
				}
			}
		}
	}
	for _, l := range launches {
		for i, p := range l.Pointers {
			if written[p.Allocation] {
				p.Contents = nil
				l.Pointers[i] = p
			}
		}
		for _, fields := range l.Fields {
			for _, f := range fields {
				if f.Pointer != nil && written[f.Pointer.Allocation] {
					f.Pointer.Contents = nil
				}
			}
		}
	}
}

// mayWrite reports whether a kernel may write the allocation its
// parameter param (or the pointer at byte field of it) points into: a
// write or atomic of that object, or of memory it reaches through
// pointers it loads, or a call it cannot see.
func mayWrite(k *kernelanalysis.Kernel, param int, field int64) bool {
	if len(k.Incomplete) > 0 {
		return true
	}
	for _, acc := range k.Accesses {
		if acc.Kind == kernelanalysis.Read {
			continue
		}
		o := acc.Object
		switch o.Kind {
		case kernelanalysis.IndirectObject:
			return true
		case kernelanalysis.ParamObject:
			if o.Index == param && field == constraints.NoField {
				return true
			}
		case kernelanalysis.FieldObject:
			if o.Index == param && o.Field == field {
				return true
			}
		}
	}
	return false
}
