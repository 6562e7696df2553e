// This file defines which launches keep what the host stored in their
// allocations, or made of them: none whose allocation a launched kernel
// may write.

package analysis

import (
	"hgrd/constraints"
	"hgrd/expr"
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

// dropRewrittenRanges forgets that an allocation's first elements are
// distinct or ordered (hostanalysis.Distinct, hostanalysis.Ordered) at a
// launch whose kernel may write the allocation, or after a kernel
// parameter that got a pointer into it since may have; and that they
// are ordered where a kernel that wrote the scanned input may have
// stored a negative value there.
func dropRewrittenRanges(launches []*hostanalysis.Launch, kernels map[*frontend.Kernel]*kernelanalysis.Kernel) {
	drop := func(l *hostanalysis.Launch, p *hostanalysis.Pointer) {
		if p.Distinct == nil && p.Ordered == nil {
			return
		}
		own := writesAllocation(l, kernels[l.Kernel], p.Allocation)
		if d := p.Distinct; d != nil && (own || anyMayWrite(d.Writers, kernels)) {
			p.Distinct = nil
		}
		if o := p.Ordered; o != nil && (own || anyMayWrite(o.Writers, kernels) || !allStoreNonNegative(o.InputWriters, kernels)) {
			p.Ordered = nil
		}
	}
	for _, l := range launches {
		for i, p := range l.Pointers {
			drop(l, &p)
			l.Pointers[i] = p
		}
		for _, fields := range l.Fields {
			for _, f := range fields {
				if f.Pointer != nil {
					drop(l, f.Pointer)
				}
			}
		}
	}
}

// anyMayWrite reports whether one of the kernel parameters may write the
// allocation it was passed a pointer into (or its kernel is not
// analysed).
func anyMayWrite(params []hostanalysis.KernelParam, kernels map[*frontend.Kernel]*kernelanalysis.Kernel) bool {
	for _, p := range params {
		if k := kernels[p.Kernel]; k == nil || mayWrite(k, p.Param, constraints.NoField) {
			return true
		}
	}
	return false
}

// allStoreNonNegative reports whether every write of each kernel
// parameter stores a value that is not negative.
func allStoreNonNegative(params []hostanalysis.KernelParam, kernels map[*frontend.Kernel]*kernelanalysis.Kernel) bool {
	for _, p := range params {
		k := kernels[p.Kernel]
		if k == nil || len(k.Incomplete) > 0 {
			return false
		}
		for _, acc := range k.Accesses {
			if acc.Kind == kernelanalysis.Read {
				continue
			}
			o := acc.Object
			if o.Kind == kernelanalysis.IndirectObject || (o.Kind == kernelanalysis.ParamObject && o.Index == p.Param &&
				(acc.Kind != kernelanalysis.Write || acc.Value == nil || !expr.NonNegative(acc.Value))) {
				return false
			}
		}
	}
	return true
}

// writesAllocation reports whether launch l's kernel k (nil if this file
// does not analyse it) may write the allocation through one of its
// pointer arguments.
func writesAllocation(l *hostanalysis.Launch, k *kernelanalysis.Kernel, allocation string) bool {
	for i, p := range l.Pointers {
		if p.Allocation == allocation && (k == nil || mayWrite(k, i, constraints.NoField)) {
			return true
		}
	}
	for i, fields := range l.Fields {
		for _, f := range fields {
			if f.Pointer != nil && f.Pointer.Allocation == allocation && (k == nil || mayWrite(k, i, f.Offset)) {
				return true
			}
		}
	}
	return false
}
