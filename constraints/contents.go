// This file defines the instances of what the host stored in memory the
// kernel reads: for each value of a global object's contents that a
// query mentions, what the launch's host code says that value is, and
// for two values of an allocation the host made distinct, that they
// differ.

package constraints

import (
	"fmt"

	"hgrd/expr"
	"hgrd/hostanalysis"
	"hgrd/kernelanalysis"
)

// contentsInstances returns, for each value of memory contents in terms
// (an uninterpreted function of a parameter's allocation applied to a
// byte offset, or the variable of one fixed offset) whose allocation
// the launch knows the host filled, the instance of the host's stores:
// if the byte lies in a field the host stored, at element k, the value
// is one that a store of the field wrote at index k. Each instance
// renames the stores' own variables, so the queries stay free of
// quantifiers.
func contentsInstances(k *kernelanalysis.Kernel, l *Launch, terms []*expr.Term) []*expr.Term {
	var out []*expr.Term
	fresh := 0
	for _, r := range contentsReads(k, l, terms) {
		if len(r.alias.Contents) > 0 {
			out = append(out, instances(r.alias, r.off, r.value, &fresh)...)
		}
	}
	return out
}

// maxRangeReads bounds the values of one allocation's distinct or
// ordered elements that a query relates pairwise.
const maxRangeReads = 16

// rangeInstances states, for each two values of memory contents in terms
// read from one allocation, what the host's making of its first elements
// says of them: different where it made them distinct
// (hostanalysis.Distinct) and they are two different such elements, the
// value each of two threads reads from an index list at its own
// position being its own; in the order of the elements where it made
// them ordered (hostanalysis.Ordered), a scan's running sums.
func rangeInstances(k *kernelanalysis.Kernel, l *Launch, terms []*expr.Term) []*expr.Term {
	byGroup := map[string][]contentsRead{}
	var groups []string
	for _, r := range contentsReads(k, l, terms) {
		if (r.alias.Distinct == nil && r.alias.Ordered == nil) || len(byGroup[r.alias.Group]) >= maxRangeReads ||
			(len(byGroup[r.alias.Group]) > 0 && byGroup[r.alias.Group][0].value.Width != r.value.Width) {
			continue
		}
		if byGroup[r.alias.Group] == nil {
			groups = append(groups, r.alias.Group)
		}
		byGroup[r.alias.Group] = append(byGroup[r.alias.Group], r)
	}
	var out []*expr.Term
	for _, g := range groups {
		reads := byGroup[g]
		for i, a := range reads {
			for _, b := range reads[i+1:] {
				out = append(out, pairInstances(a, b)...)
			}
		}
	}
	return out
}

// pairInstances states what the ranges of their allocation say of two
// values of one width read from it.
func pairInstances(a, b contentsRead) []*expr.Term {
	addrA, addrB := expr.Add(a.alias.Offset, a.off), expr.Add(b.alias.Offset, b.off)
	// The kernel does not write the allocation (package analysis keeps
	// no range of one it may write): one byte read twice is one value,
	// whether read at a fixed offset or at a computed one.
	var out []*expr.Term
	if a.value.Op != expr.OpApply || b.value.Op != expr.OpApply || a.value.Name != b.value.Name {
		// Two applications of one function agree on equal offsets by
		// themselves.
		out = append(out, expr.Implies(expr.Eq(addrA, addrB), expr.Eq(a.value, b.value)))
	}
	if d := a.alias.Distinct; d != nil && sameWidth(a, b, d.ElemSize) {
		premise := expr.AllOf(rangeElement(d.Range, addrA), rangeElement(d.Range, addrB), expr.Ne(addrA, addrB))
		out = append(out, expr.Implies(premise, expr.Ne(a.value, b.value)))
	}
	if o := a.alias.Ordered; o != nil && sameWidth(a, b, o.ElemSize) {
		inside := expr.AllOf(rangeElement(o.Range, addrA), rangeElement(o.Range, addrB))
		out = append(out,
			expr.Implies(expr.AllOf(inside, expr.SLt(addrA, addrB)), expr.SLe(a.value, b.value)),
			expr.Implies(expr.AllOf(inside, expr.SLt(addrB, addrA)), expr.SLe(b.value, a.value)))
	}
	return out
}

// sameWidth reports whether both values are whole elements of size
// bytes.
func sameWidth(a, b contentsRead, size int64) bool {
	return int64(a.value.Width) == size*8 && int64(b.value.Width) == size*8
}

// rangeElement states that byte addr of an allocation starts one of the
// elements of range r.
func rangeElement(r hostanalysis.Range, addr *expr.Term) *expr.Term {
	s := expr.Int(r.ElemSize, 64)
	return expr.AllOf(expr.SLe(expr.Const(0, 64), addr), expr.Eq(expr.URem(addr, s), expr.Const(0, 64)),
		expr.SLt(expr.UDiv(addr, s), r.Count))
}

// A contentsRead is a value of memory contents that a query mentions:
// the term, the allocation its object's pointer points into and its byte
// offset from that pointer, 64-bit.
type contentsRead struct {
	value *expr.Term
	alias Alias
	off   *expr.Term
}

// contentsReads returns the values of global memory contents in terms
// whose pointer the launch places in an allocation, each once.
func contentsReads(k *kernelanalysis.Kernel, l *Launch, terms []*expr.Term) []contentsRead {
	var out []contentsRead
	seen := map[string]bool{}
	visit := func(t *expr.Term) bool {
		if t.Op != expr.OpApply && t.Op != expr.OpVar {
			return true
		}
		u, ok := k.Unknowns[t.Name]
		if !ok || u.Object == nil || u.Object.Space != kernelanalysis.Global {
			return true
		}
		a, ok := l.Aliases[slotOf(u.Object)]
		if !ok || (len(a.Contents) == 0 && a.Distinct == nil && a.Ordered == nil) || a.Offset == nil {
			return true
		}
		off := u.At
		if off == nil {
			if len(t.Args) == 0 {
				return true
			}
			off = t.Args[0]
		}
		key := t.String()
		if seen[key] {
			return true
		}
		seen[key] = true
		out = append(out, contentsRead{value: t, alias: a, off: to64(off)})
		return true
	}
	for _, t := range terms {
		expr.Inspect(t, visit)
	}
	return out
}

// instances states what the host's stores say of value, the contents of
// an allocation at byte off of the kernel's pointer.
func instances(a Alias, off, value *expr.Term, fresh *int) []*expr.Term {
	var out []*expr.Term
	addr := expr.Add(a.Offset, off)
	for _, c := range a.Contents {
		if c.Width != value.Width || len(c.Cases) == 0 || c.ElemSize <= 0 {
			continue
		}
		size := expr.Int(c.ElemSize, 64)
		inField := expr.AllOf(expr.SLe(expr.Const(0, 64), addr), expr.Eq(expr.URem(addr, size), expr.Int(c.Field, 64)))
		index := expr.UDiv(addr, size)
		var alts []*expr.Term
		for _, cs := range c.Cases {
			alts = append(alts, caseHolds(cs, index, value, fresh))
		}
		out = append(out, expr.Implies(inField, expr.AnyOf(alts...)))
	}
	return out
}

// caseHolds states that value is what one store wrote at element index:
// its value at that index, with the store's variables renamed apart, or
// a value in its range.
func caseHolds(cs hostanalysis.ContentsCase, index, value *expr.Term, fresh *int) *expr.Term {
	if cs.Value == nil {
		zero := expr.Const(0, value.Width)
		if cs.Unsigned {
			return expr.Implies(expr.Ne(cs.Below, zero), expr.ULt(value, cs.Below))
		}
		return expr.Implies(expr.SLt(zero, cs.Below), expr.AllOf(expr.SLe(zero, value), expr.SLt(value, cs.Below)))
	}
	*fresh++
	renamed := map[string]*expr.Term{}
	for _, v := range cs.Fresh {
		renamed[v.Name] = expr.Renamed(v, fmt.Sprintf("%s$store%d", v.Name, *fresh))
	}
	rename := func(t *expr.Term) *expr.Term {
		return expr.Substitute(t, func(v *expr.Term) *expr.Term { return renamed[v.Name] })
	}
	return expr.AllOf(expr.Eq(rename(cs.Index), index), expr.Eq(value, rename(cs.Value)))
}

// to64 widens an offset to 64 bits.
func to64(t *expr.Term) *expr.Term {
	if t.Width < 64 {
		return expr.SExt(t, 64)
	}
	return t
}
